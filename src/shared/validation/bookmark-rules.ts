import { z } from 'zod';

/**
 * Bookmark rules of SPEC §5, used by the dashboard form and enforced again by the server:
 * title required (non-blank after trimming); url optional, trimmed, "https://" prepended when it has
 * no http(s) scheme, and only http and https accepted; description optional, trimmed; empty → null.
 */
export const INVALID_URL_MESSAGE = 'Please enter a valid URL';
export const BOOKMARK_TITLE_MAX_LENGTH = 200;
export const BOOKMARK_URL_MAX_LENGTH = 2000;
export const BOOKMARK_DESCRIPTION_MAX_LENGTH = 2000;

/** Adds https:// to a url typed without a scheme (what the form does on blur and on save). */
export function normalizeBookmarkUrl(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** True for an empty url or an absolute http(s) URL with a host. `javascript:`, `data:` and friends fail. */
export function isValidBookmarkUrl(normalized: string): boolean {
  if (normalized === '') return true;
  if (!URL.canParse(normalized)) return false;
  const url = new URL(normalized);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !/\s/.test(normalized);
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    });

// A body that is not an object has no title either.
export const bookmarkInputSchema = z.object(
  {
  title: z
    .string({ error: 'Title is required' })
    .max(BOOKMARK_TITLE_MAX_LENGTH, { error: `Title must be at most ${BOOKMARK_TITLE_MAX_LENGTH} characters` })
    .transform((value) => value.trim())
    .refine((value) => value !== '', { error: 'Title is required' }),
  url: z
    .string()
    .max(BOOKMARK_URL_MAX_LENGTH, { error: INVALID_URL_MESSAGE })
    .nullish()
    .transform((value) => normalizeBookmarkUrl(value ?? ''))
    .refine(isValidBookmarkUrl, { error: INVALID_URL_MESSAGE })
    .transform((value) => (value === '' ? null : value)),
  description: optionalText(BOOKMARK_DESCRIPTION_MAX_LENGTH),
  },
  { error: 'Title is required' },
);

export type BookmarkInput = z.output<typeof bookmarkInputSchema>;

/** Case-insensitive match on title, description or url (the dashboard's bookmark search). */
export function bookmarkMatches(
  bookmark: { title: string; description: string | null; url: string | null },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [bookmark.title, bookmark.description ?? '', bookmark.url ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}
