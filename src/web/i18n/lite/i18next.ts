// A small stand-in for the `i18next` package, resolved in its place by vite.config.ts, vitest.config.ts
// and tsconfig.json (decision 030). It keeps the call shape the app uses (init, t, language,
// addResourceBundle, hasResourceBundle) at a tenth of the size, so public pages fit the JS budget.
// Supported: nested keys ("a.b"), "ns:key", fallback key lists, {{value}} interpolation (values are
// not HTML-escaped: React escapes them), plurals through Intl.PluralRules with an optional _zero
// form, defaultValue and returnObjects. Not supported: nesting ($t), context, formatters, backends.

type Catalog = { [key: string]: unknown };

export interface TOptions {
  count?: number;
  defaultValue?: string;
  ns?: string | readonly string[];
  returnObjects?: boolean;
  [value: string]: unknown;
}

export type TFunction = (key: string | readonly string[], options?: TOptions) => string;

export interface InitOptions {
  lng?: string;
  fallbackLng?: string;
  supportedLngs?: readonly string[];
  ns?: readonly string[];
  defaultNS?: string;
  resources?: Record<string, Record<string, Catalog>>;
  interpolation?: { escapeValue?: boolean };
  initAsync?: boolean;
  returnNull?: boolean;
}

type Listener = () => void;

const NS_SEPARATOR = ':';
const KEY_SEPARATOR = '.';
const INTERPOLATION = /\{\{\s*([\w.$-]+)\s*\}\}/g;

function lookup(catalog: Catalog | undefined, key: string): unknown {
  let node: unknown = catalog;
  for (const part of key.split(KEY_SEPARATOR)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalog)[part];
  }
  return node;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(INTERPOLATION, (placeholder, name: string) => {
    const value = options[name];
    if (value === undefined) return placeholder;
    return value === null ? '' : String(value);
  });
}

export class I18n {
  language = 'en';
  options: InitOptions = {};
  private store: Record<string, Record<string, Catalog>> = {};
  private listeners = new Set<Listener>();
  private pluralRules = new Intl.PluralRules('en');
  /**
   * Grows when the language changes, so React re-renders what depends on it. Adding a catalog does not
   * count (react-i18next's default too): a re-render while a lazy route is still hydrating would make
   * React throw away its server HTML, and with it anything typed before hydration.
   */
  revision = 0;

  /** Accepted for call-shape compatibility with i18next plugins; the React binding needs no set-up. */
  use(_plugin: unknown): this {
    return this;
  }

  init(options: InitOptions): Promise<TFunction> {
    this.options = options;
    this.store = {};
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, catalog] of Object.entries(namespaces)) this.addResourceBundle(language, ns, catalog);
    }
    this.setLanguage(options.lng ?? options.fallbackLng ?? 'en');
    return Promise.resolve(this.t);
  }

  changeLanguage(language: string): Promise<TFunction> {
    this.setLanguage(language);
    return Promise.resolve(this.t);
  }

  hasResourceBundle(language: string, ns: string): boolean {
    return this.store[language]?.[ns] !== undefined;
  }

  getResourceBundle(language: string, ns: string): Catalog | undefined {
    return this.store[language]?.[ns];
  }

  /** Adds a namespace's catalog; like i18next with deep and overwrite set, it merges into what is there. */
  addResourceBundle(language: string, ns: string, catalog: Catalog, _deep = true, _overwrite = true): this {
    const namespaces = (this.store[language] ??= {});
    namespaces[ns] = mergeDeep(namespaces[ns] ?? {}, catalog);
    return this;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getFixedT(_language: string | null, ns?: string | readonly string[]): TFunction {
    return (key, options) => this.t(key, options?.ns || ns === undefined ? options : { ...options, ns });
  }

  t: TFunction = (key, options) => {
    const keys = typeof key === 'string' ? [key] : key;
    for (const candidate of keys) {
      const found = this.resolve(candidate, options);
      if (found !== undefined) return found;
    }
    // Like i18next, a missing key shows itself, without its namespace.
    const lastKey = keys[keys.length - 1] ?? '';
    const fallback = options?.defaultValue ?? lastKey.slice(lastKey.indexOf(NS_SEPARATOR) + 1);
    return interpolate(fallback, options);
  };

  private resolve(key: string, options: TOptions | undefined): string | undefined {
    let namespaces: readonly string[];
    let path = key;
    const separator = key.indexOf(NS_SEPARATOR);
    if (separator > 0) {
      namespaces = [key.slice(0, separator)];
      path = key.slice(separator + 1);
    } else if (options?.ns !== undefined) {
      namespaces = typeof options.ns === 'string' ? [options.ns] : options.ns;
    } else {
      namespaces = [this.options.defaultNS ?? 'translation'];
    }
    const languages = [this.language];
    const fallbackLanguage = this.options.fallbackLng;
    if (fallbackLanguage && fallbackLanguage !== this.language) languages.push(fallbackLanguage);

    const paths: string[] = [];
    if (typeof options?.count === 'number') {
      if (options.count === 0) paths.push(`${path}_zero`);
      paths.push(`${path}_${this.pluralRules.select(options.count)}`);
    }
    paths.push(path);

    for (const language of languages) {
      for (const ns of namespaces) {
        const catalog = this.store[language]?.[ns];
        for (const candidate of paths) {
          const value = lookup(catalog, candidate);
          if (typeof value === 'string') return interpolate(value, options);
          if (value !== undefined && value !== null && options?.returnObjects) return value as string;
        }
      }
    }
    return undefined;
  }

  private setLanguage(language: string): void {
    this.language = language;
    this.pluralRules = new Intl.PluralRules(language);
    this.revision += 1;
    for (const listener of this.listeners) listener();
  }
}

function mergeDeep(target: Catalog, source: Catalog): Catalog {
  const merged: Catalog = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = merged[key];
    merged[key] =
      value && typeof value === 'object' && !Array.isArray(value) && existing && typeof existing === 'object'
        ? mergeDeep(existing as Catalog, value as Catalog)
        : value;
  }
  return merged;
}

/** The app's one instance, as `import i18next from 'i18next'` gives it. */
const i18next = new I18n();

export default i18next;
