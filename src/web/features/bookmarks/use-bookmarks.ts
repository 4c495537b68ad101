import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookmarkInputSchema } from '../../../shared/validation/bookmark-rules.ts';
import { createBookmark, deleteBookmark, listBookmarks, updateBookmark } from './bookmarks-api.ts';
import type { Bookmark } from '../../../shared/bookmarks-api.ts';
import type { BookmarkDraft } from './bookmark-fields.tsx';

/** SPEC §4: 8 seconds without a result sets "Bookmarks loading timeout". */
export const BOOKMARKS_TIMEOUT_MS = 8_000;

export const bookmarksKey = (userId: string | null) => ['bookmarks', userId] as const;

/** Thrown by `add` when nobody is signed in (SPEC §6). */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
}

/** The draft as the API wants it: trimmed, "https://" added, empty → null (SPEC §5). */
export function draftToInput(draft: BookmarkDraft) {
  return bookmarkInputSchema.parse(draft);
}

/**
 * The signed-in user's bookmarks, newest first. They reload when the user changes; with no user the
 * list is empty. `timedOut` turns true when loading takes longer than 8 s.
 */
export function useBookmarks(userId: string | null) {
  const queryClient = useQueryClient();
  const key = bookmarksKey(userId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listBookmarks(signal),
    enabled: userId !== null,
  });

  const [timedOut, setTimedOut] = useState(false);
  const waiting = userId !== null && query.isPending;
  useEffect(() => {
    setTimedOut(false);
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), BOOKMARKS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting, userId]);

  const setList = (update: (list: Bookmark[]) => Bookmark[]) =>
    queryClient.setQueryData<Bookmark[]>(key, (list) => update(list ?? []));

  const add = useMutation({
    mutationFn: async (draft: BookmarkDraft) => {
      if (userId === null) throw new SignedOutError();
      return createBookmark(draftToInput(draft));
    },
    onSuccess: (row) => setList((list) => [row, ...list.filter((bookmark) => bookmark.id !== row.id)]),
  });

  const update = useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: BookmarkDraft }) => updateBookmark(id, draftToInput(draft)),
    onSuccess: (row) => setList((list) => list.map((bookmark) => (bookmark.id === row.id ? row : bookmark))),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteBookmark(id),
    onSuccess: (_result, id) => setList((list) => list.filter((bookmark) => bookmark.id !== id)),
  });

  return {
    bookmarks: userId === null ? [] : (query.data ?? []),
    loading: waiting,
    loaded: query.isSuccess,
    loadError: query.error,
    timedOut,
    reload: () => void query.refetch(),
    add,
    update,
    remove,
  };
}
