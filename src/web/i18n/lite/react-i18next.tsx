// A small stand-in for `react-i18next`, resolved in its place by vite.config.ts, vitest.config.ts and
// tsconfig.json (decision 030): `const { t } = useTranslation('ns')`, `<Trans>` with named components
// and `initReactI18next` keep their call shape.
import { cloneElement, Fragment, isValidElement, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import i18next, { type I18n, type TFunction, type TOptions } from './i18next.ts';

/** Kept so `i18next.use(initReactI18next)` reads as before; the binding needs no set-up. */
export const initReactI18next = { type: '3rdParty', init: () => undefined } as const;

export interface UseTranslationResponse {
  t: TFunction;
  i18n: I18n;
  ready: boolean;
}

/** Strings of one namespace (or several, first match wins); re-renders when catalogs or the language change. */
export function useTranslation(ns?: string | readonly string[]): UseTranslationResponse {
  const revision = useSyncExternalStore(i18next.subscribe, () => i18next.revision, () => i18next.revision);
  const key = typeof ns === 'string' ? ns : ns?.join('\u0000');
  // A new `t` per revision, as react-i18next does, so effects that list it run again after a change.
  const t = useMemo(() => i18next.getFixedT(null, ns), [key, revision]);
  return { t, i18n: i18next, ready: true };
}

export interface TransProps {
  i18nKey: string;
  t?: TFunction;
  ns?: string;
  values?: TOptions;
  count?: number;
  /** Elements that wrap the text between <name>…</name> in the catalog string. */
  components?: Record<string, ReactElement> | readonly ReactElement[];
}

const TAG = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;

function renderMarkup(text: string, components: TransProps['components']): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1] ?? match[2] ?? '';
    const component = (components as Record<string, ReactElement> | undefined)?.[name];
    const children = match[1] === undefined ? renderMarkup(match[3] ?? '', components) : [];
    const key = nodes.length;
    if (component && isValidElement(component)) {
      nodes.push(children.length > 0 ? cloneElement(component, { key }, ...children) : cloneElement(component, { key }));
    } else {
      // An unknown tag shows its text, never markup from a catalog.
      nodes.push(<Fragment key={key}>{children}</Fragment>);
    }
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** A catalog sentence with markup tags turned into the given React elements. */
export function Trans({ i18nKey, t, ns, values, count, components }: TransProps) {
  const { t: fallbackT } = useTranslation(ns);
  const translate = t ?? fallbackT;
  const options: TOptions = { ...values };
  if (count !== undefined) options.count = count;
  return <>{renderMarkup(translate(i18nKey, options), components)}</>;
}
