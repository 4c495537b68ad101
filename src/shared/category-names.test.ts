import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, categoryName, categoryNameKey } from './category-names.ts';
import { CATEGORY_IDS, resourceCategories } from './resource-directory.ts';
import { SITE_LOCALES } from './site-locales.ts';

describe('category names', () => {
  it("in English are the directory's own names", () => {
    for (const category of resourceCategories) expect(categoryName(category.id, 'en')).toBe(category.name);
  });

  it('name every category in every language, each name different from the English', () => {
    for (const locale of SITE_LOCALES) {
      expect(Object.keys(CATEGORY_NAMES[locale]).sort(), locale).toEqual([...CATEGORY_IDS].sort());
      if (locale === 'en') continue;
      for (const id of CATEGORY_IDS) expect(categoryName(id, locale), `${locale} ${id}`).not.toBe(categoryName(id, 'en'));
    }
  });

  it("give the web catalog's key", () => {
    expect(categoryNameKey('housing')).toBe('categories.names.housing');
  });
});
