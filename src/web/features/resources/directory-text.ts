/**
 * The words of the directory island (search, filters, results, lists), already in the page's
 * language: the server reads them from the catalog and writes them into the page, so the browser
 * needs no i18n runtime (decision 097). Templates keep their {{placeholders}}; counts pick a plural
 * form with the platform's Intl.PluralRules.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>>;

export interface DirectoryText {
  /** The page's language, for plural rules. */
  locale: string;
  search: { heading: string; label: string; placeholder: string; submit: string; hint: string };
  filter: { label: string; all: string };
  results: { all: PluralForms; matching: PluralForms; noResults: string; showAll: string };
  categoriesSource: string;
  organizations: { heading: string; intro: string; visit: string; visitFor: string; call: string; noMatches: string };
  opensInNewTab: string;
}

/** Replaces {{name}} placeholders; an unknown one stays as it is, as i18next leaves it. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}

export function fillCount(forms: PluralForms, locale: string, count: number): string {
  const form = forms[new Intl.PluralRules(locale).select(count)] ?? forms.other ?? '';
  return fill(form, { count });
}

type Catalog = Record<string, unknown>;

function lookup(catalog: Catalog | undefined, path: string): string | undefined {
  let value: unknown = catalog;
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Catalog)[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Builds the island's words from the "resources" and "common" catalogs of a language, English where one is missing. */
export function directoryText(
  locale: string,
  catalogs: { resources?: Catalog; common?: Catalog },
  english: { resources?: Catalog; common?: Catalog },
): DirectoryText {
  const text = (ns: 'resources' | 'common', key: string) => lookup(catalogs[ns], key) ?? lookup(english[ns], key) ?? key;
  const plural = (key: string): PluralForms =>
    Object.fromEntries(
      new Intl.PluralRules(locale).resolvedOptions().pluralCategories.map((category) => [category, text('resources', `${key}_${category}`)]),
    );
  return {
    locale,
    search: {
      heading: text('resources', 'search.heading'),
      label: text('resources', 'search.label'),
      placeholder: text('resources', 'search.placeholder'),
      submit: text('resources', 'search.submit'),
      hint: text('resources', 'search.hint'),
    },
    filter: { label: text('resources', 'filter.label'), all: text('resources', 'filter.all') },
    results: {
      all: plural('results.all'),
      matching: plural('results.matching'),
      noResults: text('resources', 'results.noResults'),
      showAll: text('resources', 'results.showAll'),
    },
    categoriesSource: text('resources', 'categories.source'),
    organizations: {
      heading: text('resources', 'organizations.heading'),
      intro: text('resources', 'organizations.intro'),
      visit: text('resources', 'organizations.visit'),
      visitFor: text('resources', 'organizations.visitFor'),
      call: text('resources', 'organizations.call'),
      noMatches: text('resources', 'organizations.noMatches'),
    },
    opensInNewTab: text('common', 'nav.opensInNewTab'),
  };
}
