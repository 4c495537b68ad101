import { createContext, useContext } from 'react';
import { fill } from '../resources/directory-text.ts';
import { isLocale, type Locale } from '../../../shared/locales.ts';

/**
 * Looks up one of the section's words: `services.card.copy`, with {{placeholders}} and a count.
 * `locale` is the page's language, for the times and days a label writes itself.
 */
export type ServicesText = ((key: string, params?: Record<string, string | number>) => string) & { locale: Locale };

const ServicesTextContext = createContext<ServicesText | null>(null);

export const ServicesTextProvider = ServicesTextContext.Provider;

export function useServicesText(): ServicesText {
  const text = useContext(ServicesTextContext);
  if (!text) throw new Error('useServicesText needs a ServicesTextProvider');
  return text;
}

/**
 * The section's words, already translated by the server (the "services" part of the page's
 * "resources" catalog), with the lookup they need and nothing more: a dotted key, the plural form
 * Intl.PluralRules picks for `count`, then the placeholders (decision 097).
 */
export function servicesText(templates: Record<string, unknown>, locale: string): ServicesText {
  const plurals = new Intl.PluralRules(locale);
  const find = (path: string): string | undefined => {
    let value: unknown = templates;
    for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const text = (key: string, params: Record<string, string | number> = {}) => {
    const count = params.count;
    const template = (typeof count === 'number' ? find(`${key}_${plurals.select(count)}`) : undefined) ?? find(key) ?? key;
    return fill(template, params);
  };
  return Object.assign(text, { locale: isLocale(locale) ? locale : 'en' });
}
