import { api } from '../../lib/api-client.ts';
import type { BookmarkInput } from '../../../shared/validation/bookmark-rules.ts';
import type { Bookmark } from '../../../shared/bookmarks-api.ts';

export function listBookmarks(signal?: AbortSignal): Promise<Bookmark[]> {
  return api.get<Bookmark[]>('/api/bookmarks', signal ? { signal } : undefined);
}

export function createBookmark(input: BookmarkInput): Promise<Bookmark> {
  return api.post<Bookmark>('/api/bookmarks', input);
}

export function updateBookmark(id: string, input: BookmarkInput): Promise<Bookmark> {
  return api.patch<Bookmark>(`/api/bookmarks/${encodeURIComponent(id)}`, input);
}

export function deleteBookmark(id: string): Promise<void> {
  return api.delete(`/api/bookmarks/${encodeURIComponent(id)}`);
}
