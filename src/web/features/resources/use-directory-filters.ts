import { useCallback, useState } from 'react';
import { toCategoryFilter, type CategoryFilter } from '../../../shared/resource-search.ts';

export interface DirectoryFilters {
  query: string;
  category: CategoryFilter;
}

export const NO_FILTERS: DirectoryFilters = { query: '', category: 'all' };

export function fromSearchParams(params: URLSearchParams): DirectoryFilters {
  return { query: params.get('q') ?? '', category: toCategoryFilter(params.get('category')) };
}

/** ?q=…&category=… for the filters, leaving out what is the default. */
export function toSearchParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  if (filters.category !== 'all') params.set('category', filters.category);
  return params;
}

/**
 * The search text and category of /resources, kept in the URL (?q=, ?category=) so a search can be
 * shared, reloaded or submitted before the script loads (the page's form is a plain GET form).
 *
 * A /resources URL with a query is rendered on the server for that query (src/server/web), which
 * hands the island the same filters (`initial`), so hydration matches. The island has no router:
 * the address follows with history.replaceState, which adds no history entry per keystroke.
 */
export function useDirectoryFilters(initial: DirectoryFilters): [DirectoryFilters, (next: DirectoryFilters) => void] {
  const [filters, setFilters] = useState<DirectoryFilters>(initial);
  const update = useCallback((next: DirectoryFilters) => {
    setFilters(next);
    const url = new URL(window.location.href);
    const search = toSearchParams(next).toString();
    url.search = search ? `?${search}` : '';
    window.history.replaceState(window.history.state, '', url);
  }, []);
  return [filters, update];
}
