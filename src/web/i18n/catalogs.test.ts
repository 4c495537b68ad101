// Every translated catalog must be usable in place of the English one: same keys, same
// placeholders, same markup, same numbers. docs/translations.md says who reviews the wording.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const catalogDirectory = new URL('./', import.meta.url);
const locales = ['es', 'zh-Hant', 'tl', 'vi'] as const;
const namespaces = readdirSync(new URL('en/', catalogDirectory))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

/**
 * Strings longer than 20 characters that may read the same as in English, keyed
 * `locale:namespace:key`, each with the reason. A stale entry fails the test too.
 */
const sameAsEnglish: Record<string, string> = {
  'tl:dashboard:security.twoStep.heading':
    'Filipino phone settings and authenticator apps use the English term; docs/translations.md glossary',
};

/** Short strings are often the same on purpose (Ellis, 911, Chat, Dashboard in Tagalog). */
const identicalLengthLimit = 20;

/**
 * Common characters that exist only in Simplified Chinese. Characters that are also rare Traditional
 * forms (系, 据, 机, 后, 里…) are left out so the check never fails on correct Traditional text.
 */
const simplifiedOnly = /[这们说时会个为过还没对帮请问话网码录资务线电发让开关样见应该长门东车给间现实护险饮钱语读写简单题进选择类联认证设数删导页办边复杂与]/u;

/** A Vietnamese sentence without any of these has lost its diacritics (for example "Ban co the goi"). */
const vietnameseDiacritic = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/iu;

type FlatCatalog = Map<string, string>;

/** A missing file reads as an empty catalog, so every one of its keys is reported missing. */
function readCatalog(locale: string, namespace: string): FlatCatalog {
  const file = new URL(`${locale}/${namespace}.json`, catalogDirectory);
  if (!existsSync(file)) return new Map();
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as unknown);
}

function flatten(value: unknown, prefix = '', into: FlatCatalog = new Map()): FlatCatalog {
  if (typeof value === 'string') {
    into.set(prefix, value);
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix === '' ? key : `${prefix}.${key}`, into);
  } else {
    // Arrays, numbers and nulls are not catalog values: i18next would show them as "[object]".
    into.set(prefix, `<<not a string: ${JSON.stringify(value)}>>`);
  }
  return into;
}

const matchesOf = (text: string, pattern: RegExp): string[] =>
  [...text.matchAll(pattern)].map((match) => match[1] ?? match[0]).sort();

/** i18next placeholders such as {{count}}; the name inside must stay English. */
const placeholdersOf = (text: string): string[] => matchesOf(text, /\{\{\s*([^}]+?)\s*\}\}/g);

/** <Trans> component tags such as <call911>…</call911>, opening and closing. */
const tagsOf = (text: string): string[] => matchesOf(text, /<\/?[A-Za-z][A-Za-z0-9]*>/g);

/** Phone numbers, hours and limits: every number in the English text must appear unchanged. */
const numbersOf = (text: string): string[] => [...new Set(matchesOf(text.replace(/\{\{[^}]*\}\}/g, ''), /\d+/g))];

function describeDifference(expected: string[], actual: string[]): string {
  const missing = expected.filter((item) => !actual.includes(item));
  const extra = actual.filter((item) => !expected.includes(item));
  return `missing [${missing.join(', ')}], extra [${extra.join(', ')}]`;
}

describe('translated catalogs', () => {
  it('finds the English catalogs', () => {
    expect(namespaces).toEqual(['auth', 'chat', 'common', 'content', 'dashboard', 'privacy', 'resources', 'voice']);
  });

  describe.each(locales)('%s', (locale) => {
    it('has exactly the English namespaces', () => {
      const files = readdirSync(new URL(`${locale}/`, catalogDirectory)).sort();
      expect(files).toEqual(namespaces.map((namespace) => `${namespace}.json`));
    });

    describe.each(namespaces)('%s', (namespace) => {
      const english = readCatalog('en', namespace);
      const translated = readCatalog(locale, namespace);

      it('has exactly the English keys', () => {
        const missing = [...english.keys()].filter((key) => !translated.has(key));
        const extra = [...translated.keys()].filter((key) => !english.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has a non-empty string for every key', () => {
        const bad = [...translated].filter(([, text]) => text.trim() === '' || text.startsWith('<<not a string'));
        expect(bad).toEqual([]);
      });

      /** What `check` finds wrong in each translated text, set against its English text. */
      const problemsOf = (check: (key: string, englishText: string, text: string) => string[]): string[] =>
        [...english].flatMap(([key, englishText]) => {
          const text = translated.get(key);
          return text === undefined ? [] : check(key, englishText, text);
        });

      it('keeps every placeholder and markup tag of the English text', () => {
        const problems = problemsOf((key, englishText, text) => {
          const found: string[] = [];
          const [wantPlaceholders, gotPlaceholders] = [placeholdersOf(englishText), placeholdersOf(text)];
          if (wantPlaceholders.join('|') !== gotPlaceholders.join('|')) {
            found.push(`${key}: placeholders ${describeDifference(wantPlaceholders, gotPlaceholders)}`);
          }
          const [wantTags, gotTags] = [tagsOf(englishText), tagsOf(text)];
          if (wantTags.join('|') !== gotTags.join('|')) {
            found.push(`${key}: tags ${describeDifference(wantTags, gotTags)}`);
          }
          return found;
        });
        expect(problems).toEqual([]);
      });

      it('keeps every number of the English text', () => {
        const problems = problemsOf((key, englishText, text) => {
          const got = numbersOf(text);
          const missing = numbersOf(englishText).filter((number) => !got.includes(number));
          return missing.length > 0 ? [`${key}: missing ${missing.join(', ')}`] : [];
        });
        expect(problems).toEqual([]);
      });

      it(`translates every string longer than ${identicalLengthLimit} characters`, () => {
        const untranslated = [...english]
          .filter(([key, englishText]) => englishText.length > identicalLengthLimit && translated.get(key) === englishText)
          .map(([key]) => `${locale}:${namespace}:${key}`)
          .filter((id) => !(id in sameAsEnglish));
        expect(untranslated).toEqual([]);
      });
    });
  });

  it.each(namespaces)('zh-Hant %s uses Traditional characters only', (namespace) => {
    const simplified = [...readCatalog('zh-Hant', namespace)].filter(([, text]) => simplifiedOnly.test(text));
    expect(simplified.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it.each(namespaces)('vi %s keeps the Vietnamese diacritics', (namespace) => {
    const bare = [...readCatalog('vi', namespace)].filter(
      ([, text]) => text.split(/\s+/).length >= 4 && !vietnameseDiacritic.test(text),
    );
    expect(bare.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('allows an English string only where it is still listed and still the same', () => {
    const stale = Object.keys(sameAsEnglish).filter((id) => {
      const [locale = '', namespace = '', key = ''] = id.split(':');
      const englishText = readCatalog('en', namespace).get(key);
      return englishText === undefined || readCatalog(locale, namespace).get(key) !== englishText;
    });
    expect(stale).toEqual([]);
  });
});
