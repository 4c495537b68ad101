import { LANGUAGE_CHOICE_PATH, LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locales.ts';

/** The switcher's link: the server keeps the choice in a cookie, then opens this page in that language. */
export function languageChoiceHref(locale: Locale, path: string): string {
  return `${LANGUAGE_CHOICE_PATH}?${new URLSearchParams({ to: locale, next: path }).toString()}`;
}

/** Every language, named in its own language, as list items of plain links (they work without JavaScript). */
export function LanguageChoiceItems({ current, path }: { current: Locale; path: string }) {
  return (
    <>
      {LOCALES.map((option) => (
        <li key={option}>
          <a href={languageChoiceHref(option, path)} hrefLang={option} lang={option} aria-current={option === current ? 'true' : undefined}>
            {LOCALE_NAMES[option]}
          </a>
        </li>
      ))}
    </>
  );
}
