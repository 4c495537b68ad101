/**
 * The bookmarks API (DESIGN §5.2): the one bookmark shape the server stores and answers with, the
 * dashboard reads and "Download my data" exports, and the list's query.
 */
import { z } from 'zod';
import { bookmarkInputSchema } from './validation/bookmark-rules.ts';

export const BOOKMARK_PAGE_DEFAULT = 50;
export const BOOKMARK_PAGE_MAX = 100;

export const bookmarkSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
});

export type Bookmark = z.infer<typeof bookmarkSchema>;

export const bookmarkPageSchema = z.object({
  items: z.array(bookmarkSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});

export type BookmarkPage = z.infer<typeof bookmarkPageSchema>;

/** Without `limit` or `cursor` the whole list (what the dashboard reads); with either, one page. */
export const bookmarkListSchema = z.union([z.array(bookmarkSchema), bookmarkPageSchema]);

export const INVALID_CURSOR_MESSAGE = 'The cursor is not one this list gave out.';
const limitMessage = `limit must be a whole number from 1 to ${BOOKMARK_PAGE_MAX}.`;

// A repeated parameter arrives as an array and is refused like any other bad value.
export const bookmarkListQuerySchema = z.object({
  limit: z
    .string({ error: limitMessage })
    .regex(/^\d{1,3}$/, { error: limitMessage })
    .transform(Number)
    .pipe(z.number().min(1, { error: limitMessage }).max(BOOKMARK_PAGE_MAX, { error: limitMessage }))
    .optional(),
  cursor: z.string({ error: INVALID_CURSOR_MESSAGE }).optional(),
});

/** PATCH: the fields sent are checked by the same rules as a new bookmark; the others keep their value. */
export const bookmarkPatchSchema = bookmarkInputSchema.partial();
