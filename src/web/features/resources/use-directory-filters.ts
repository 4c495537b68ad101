import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toCategoryFilter, type CategoryFilter } from '../../../shared/resource-search.ts';

export interface DirectoryFilters {
  query: string;
  category: CategoryFilter;
}

export const NO_FILTERS: DirectoryFilters = { query: '', category: 'all' };

function fromSearchParams(params: URLSearchParams): DirectoryFilters {
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
 * A /resources URL with a query is rendered on the server for that query (src/server/web), and the
 * plain URL is the prerendered page, so the first render reads the URL's filters on both sides and
 * hydration matches. The input is driven by local state, and the
 * URL follows with history.replace: location updates run in a transition, and a controlled input
 * fed from them would lose keystrokes.
 */
export function useDirectoryFilters(): [DirectoryFilters, (next: DirectoryFilters) => void] {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<DirectoryFilters>(() => fromSearchParams(searchParams));
  const urlKey = searchParams.toString();
  // URLs this page wrote and has not seen land yet, so they are not mistaken for outside changes.
  const pendingWrites = useRef(new Set<string>());
  const lastWrite = useRef<string | null>(null);

  useEffect(() => {
    if (urlKey === lastWrite.current) {
      pendingWrites.current.clear();
      return;
    }
    if (pendingWrites.current.has(urlKey)) return;
    // A change from outside (first load with ?q=, the nav link, Back): follow the URL.
    pendingWrites.current.clear();
    lastWrite.current = null;
    setFilters(fromSearchParams(new URLSearchParams(urlKey)));
  }, [urlKey]);

  const update = useCallback(
    (next: DirectoryFilters) => {
      setFilters(next);
      const key = toSearchParams(next).toString();
      pendingWrites.current.add(key);
      lastWrite.current = key;
      void navigate({ pathname, search: key ? `?${key}` : '' }, { replace: true });
    },
    [navigate, pathname],
  );

  return [filters, update];
}
