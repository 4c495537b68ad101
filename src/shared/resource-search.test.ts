import { describe, expect, it } from 'vitest';
import englishResources from '../web/i18n/en/resources.json' with { type: 'json' };
import { nationalOrganizations, resourceCategories, type NationalOrganization, type ResourceCategory } from './resource-directory.ts';
import {
  countResources,
  filterCategories,
  filterOrganizations,
  hasNoCategoryResults,
  isCategoryFilter,
  normalizeQuery,
  searchDirectory,
  toCategoryFilter,
} from './resource-search.ts';

const NO_RESULTS_MESSAGE = 'No resources found matching your search. Try different keywords or categories.';

function names(categories: readonly ResourceCategory[]): Record<string, string[]> {
  return Object.fromEntries(categories.map((category) => [category.id, category.resources.map((resource) => resource.name)]));
}

function organizationNames(organizations: readonly NationalOrganization[]): string[] {
  return organizations.map((organization) => organization.name);
}

describe('searchDirectory without a query', () => {
  it('returns every category, every resource and every organization', () => {
    const result = searchDirectory();
    expect(result.categories.map((category) => category.id)).toEqual(['housing', 'food', 'health', 'employment', 'legal', 'crisis']);
    expect(countResources(result.categories)).toBe(30);
    expect(result.organizations).toHaveLength(6);
    expect(result.noResults).toBe(false);
  });

  it('treats a blank query as no query', () => {
    expect(searchDirectory({ query: '   ' })).toEqual(searchDirectory({}));
  });
});

describe('searching category resources', () => {
  it('matches a case-insensitive substring of resource names and keeps only matching resources', () => {
    const expected = { food: ['Free Meals', 'Home-Delivered Meals'] };
    expect(names(filterCategories(resourceCategories, { query: 'meals' }))).toEqual(expected);
    expect(names(filterCategories(resourceCategories, { query: 'MEALS' }))).toEqual(expected);
    expect(names(filterCategories(resourceCategories, { query: 'mEaL' }))).toEqual(expected);
  });

  it('matches inside words, across categories', () => {
    expect(names(filterCategories(resourceCategories, { query: 'housing' }))).toEqual({
      housing: ['Transitional Housing', 'Supportive Housing', 'Bay Area 211 Housing Help'],
    });
    expect(Object.keys(names(filterCategories(resourceCategories, { query: 'help' })))).toEqual([
      'housing',
      'health',
      'employment',
      'legal',
      'crisis',
    ]);
  });

  it('trims the query', () => {
    expect(normalizeQuery('  shelter \n')).toBe('shelter');
    expect(normalizeQuery(null)).toBe('');
    expect(names(filterCategories(resourceCategories, { query: '  Emergency Shelter  ' }))).toEqual({
      housing: ['Emergency Shelter'],
    });
  });

  it('matches resource names only, not category names or keywords', () => {
    // "Healthcare" and "Legal Services" are category names; "homeless" is a category keyword.
    expect(searchDirectory({ query: 'Healthcare' }).categories).toEqual([]);
    expect(searchDirectory({ query: 'Services' }).noResults).toBe(false);
    expect(names(searchDirectory({ query: 'Services' }).categories)).toEqual({ health: ['Mental Health Services'] });
    expect(searchDirectory({ query: 'homeless' }).categories).toEqual([]);
  });

  it('does not change the directory it searches', () => {
    const before = JSON.stringify(resourceCategories);
    filterCategories(resourceCategories, { query: 'food' });
    expect(JSON.stringify(resourceCategories)).toBe(before);
  });
});

describe('the category filter', () => {
  it('shows one whole category', () => {
    const result = searchDirectory({ category: 'legal' });
    expect(result.categories.map((category) => category.id)).toEqual(['legal']);
    expect(result.categories[0]?.resources).toHaveLength(5);
    expect(result.organizations).toHaveLength(6);
    expect(result.noResults).toBe(false);
  });

  it('combines with the query', () => {
    expect(names(searchDirectory({ category: 'food', query: 'free' }).categories)).toEqual({ food: ['Free Meals'] });
    expect(names(searchDirectory({ category: 'all', query: 'free' }).categories)).toEqual({
      food: ['Free Meals'],
      health: ['Free & Low-Cost Clinics'],
      employment: ['Free Tax Preparation'],
      legal: ['Free Legal Aid'],
    });
    const none = searchDirectory({ category: 'legal', query: 'meals' });
    expect(none.categories).toEqual([]);
    expect(none.noResults).toBe(true);
  });

  it('accepts only all and the six ids; untrusted values fall back to all', () => {
    expect(isCategoryFilter('all')).toBe(true);
    expect(isCategoryFilter('crisis')).toBe(true);
    expect(isCategoryFilter('Crisis')).toBe(false);
    expect(toCategoryFilter('health')).toBe('health');
    expect(toCategoryFilter('nope')).toBe('all');
    expect(toCategoryFilter(null)).toBe('all');
  });
});

describe('searching national organizations', () => {
  it('matches the name or the description, case-insensitively', () => {
    expect(organizationNames(filterOrganizations(nationalOrganizations, 'feeding'))).toEqual(['Feeding America']);
    // Only in descriptions:
    expect(organizationNames(filterOrganizations(nationalOrganizations, 'FOOD BANK'))).toEqual(['Feeding America']);
    expect(organizationNames(filterOrganizations(nationalOrganizations, 'support groups'))).toEqual([
      'NAMI (National Alliance on Mental Illness)',
    ]);
    expect(organizationNames(filterOrganizations(nationalOrganizations, ' marketplace '))).toEqual(['HealthCare.gov']);
    expect(filterOrganizations(nationalOrganizations, 'zzz-nothing')).toEqual([]);
  });

  it('are searched by the query but not by the category filter', () => {
    expect(organizationNames(searchDirectory({ category: 'food', query: 'abuse' }).organizations)).toEqual([
      'National Domestic Violence Hotline',
    ]);
  });

  it('can match while no category resource does: the no-results message is still due', () => {
    const result = searchDirectory({ query: 'food bank' });
    expect(result.categories).toEqual([]);
    expect(organizationNames(result.organizations)).toEqual(['Feeding America']);
    expect(result.noResults).toBe(true);
  });
});

describe('no results', () => {
  it('is reported only when no category resource matched', () => {
    expect(hasNoCategoryResults([])).toBe(true);
    expect(hasNoCategoryResults(filterCategories(resourceCategories, { query: 'xyzzy' }))).toBe(true);
    expect(hasNoCategoryResults(filterCategories(resourceCategories, { query: 'shelter' }))).toBe(false);
  });

  it('has the exact message of the spec in the English catalog', () => {
    expect(englishResources.results.noResults).toBe(NO_RESULTS_MESSAGE);
    expect(englishResources.filter.all).toBe('All Categories');
    expect(englishResources.organizations.heading).toBe('National Organizations');
    expect(englishResources.search.label).toBe('Search resources');
    expect(englishResources.heading).toBe('Resources');
  });
});
