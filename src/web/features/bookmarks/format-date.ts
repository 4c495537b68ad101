const formatters = new Map<string, Intl.DateTimeFormat>();

/** SPEC §9 date display: short month, day, year ("Jan 5, 2025" in en-US), in the page's locale. */
export function formatBookmarkDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' });
    formatters.set(locale, formatter);
  }
  return formatter.format(date);
}
