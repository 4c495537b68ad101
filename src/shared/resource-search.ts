/**
 * Search over the resource directory with the semantics of SPEC §2, shared by the /resources page
 * and GET /api/resources so both always agree:
 * - the query is trimmed, then matched as a case-insensitive substring;
 * - category resources match on their NAME only; a category is kept only when at least one of its
 *   resources matches, and then only with the matching resources;
 * - national organizations match on name OR description;
 * - the category filter is 'all' or one category id and combines with the query.
 */
import {
  CATEGORY_IDS,
  isCategoryId,
  nationalOrganizations,
  resourceCategories,
  type CategoryId,
  type NationalOrganization,
  type ResourceCategory,
} from './resource-directory.ts';

export type CategoryFilter = 'all' | CategoryId;

export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['all', ...CATEGORY_IDS];

/** Longest search text the API accepts. */
export const MAX_QUERY_LENGTH = 200;

export interface DirectorySearch {
  query?: string;
  category?: CategoryFilter;
}

export interface DirectorySearchResult {
  categories: ResourceCategory[];
  organizations: NationalOrganization[];
  /** True when no category resource matched (SPEC §2 shows the no-results message then). */
  noResults: boolean;
}

export function isCategoryFilter(value: unknown): value is CategoryFilter {
  return value === 'all' || isCategoryId(value);
}

/** A filter from untrusted input (a URL parameter): anything unknown means 'all'. */
export function toCategoryFilter(value: unknown): CategoryFilter {
  return isCategoryFilter(value) ? value : 'all';
}

export function normalizeQuery(query: string | null | undefined): string {
  return (query ?? '').trim();
}

function contains(text: string, needle: string): boolean {
  return text.toLowerCase().includes(needle.toLowerCase());
}

/** Categories passing the category filter, each with only the resources whose name matches. */
export function filterCategories(
  categories: readonly ResourceCategory[],
  search: DirectorySearch = {},
): ResourceCategory[] {
  const query = normalizeQuery(search.query);
  const category = search.category ?? 'all';
  const result: ResourceCategory[] = [];
  for (const candidate of categories) {
    if (category !== 'all' && candidate.id !== category) continue;
    const resources = query ? candidate.resources.filter((resource) => contains(resource.name, query)) : candidate.resources;
    if (resources.length > 0) result.push({ ...candidate, resources: [...resources] });
  }
  return result;
}

/** National organizations whose name or description contains the query. */
export function filterOrganizations(
  organizations: readonly NationalOrganization[],
  query: string | null | undefined,
): NationalOrganization[] {
  const needle = normalizeQuery(query);
  if (!needle) return [...organizations];
  return organizations.filter(
    (organization) => contains(organization.name, needle) || contains(organization.description, needle),
  );
}

/** Whether no category resource matched, i.e. the no-results message is due. */
export function hasNoCategoryResults(filteredCategories: readonly ResourceCategory[]): boolean {
  return filteredCategories.every((category) => category.resources.length === 0);
}

export function countResources(categories: readonly ResourceCategory[]): number {
  return categories.reduce((total, category) => total + category.resources.length, 0);
}

/** The whole directory search, over the built-in directory unless another one is given. */
export function searchDirectory(
  search: DirectorySearch = {},
  directory: { categories: readonly ResourceCategory[]; organizations: readonly NationalOrganization[] } = {
    categories: resourceCategories,
    organizations: nationalOrganizations,
  },
): DirectorySearchResult {
  const categories = filterCategories(directory.categories, search);
  return {
    categories,
    organizations: filterOrganizations(directory.organizations, search.query),
    noResults: hasNoCategoryResults(categories),
  };
}
