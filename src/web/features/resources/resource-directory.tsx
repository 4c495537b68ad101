import { useMemo, type MouseEvent } from 'react';
import type { NationalOrganization, ResourceCategory } from '../../../shared/resource-directory.ts';
import {
  countResources,
  filterCategories,
  filterOrganizations,
  hasNoCategoryResults,
  normalizeQuery,
} from '../../../shared/resource-search.ts';
import { CategoryList } from './category-list.tsx';
import { fillCount, type DirectoryText } from './directory-text.ts';
import { OrganizationList } from './organization-list.tsx';
import { ResourceSearchForm, SEARCH_INPUT_ID } from './resource-search-form.tsx';
import { NO_FILTERS, useDirectoryFilters, type DirectoryFilters } from './use-directory-filters.ts';

export interface ResourceDirectoryProps {
  text: DirectoryText;
  /** The page's address in its language (/es/resources): the form's action and "Show all". */
  action: string;
  /** The filters of the address the server rendered. */
  initial: DirectoryFilters;
  /**
   * SPEC's directory, passed in like the words rather than bundled: the page already holds it, and
   * the island's code stays the same whatever the directory says.
   */
  directory: { categories: readonly ResourceCategory[]; organizations: readonly NationalOrganization[] };
}

/**
 * SPEC §2's searchable directory, an island of /resources: the server renders it whole (every
 * category, link and organization), so it is complete without JavaScript; hydrated, results follow
 * each keystroke and each category button.
 */
export function ResourceDirectory({ text, action, initial, directory }: ResourceDirectoryProps) {
  const [filters, setFilters] = useDirectoryFilters(initial);
  // searchDirectory's steps, over the directory handed in.
  const result = useMemo(() => {
    const categories = filterCategories(directory.categories, filters);
    return {
      categories,
      organizations: filterOrganizations(directory.organizations, filters.query),
      noResults: hasNoCategoryResults(categories),
    };
  }, [directory, filters]);
  const shown = countResources(result.categories);
  const filtered = normalizeQuery(filters.query) !== '' || filters.category !== 'all';

  let status: string;
  if (result.noResults) status = text.results.noResults;
  else status = fillCount(filtered ? text.results.matching : text.results.all, text.locale, shown);

  const showAll = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFilters(NO_FILTERS);
    document.getElementById(SEARCH_INPUT_ID)?.focus();
  };

  return (
    <>
      <ResourceSearchForm filters={filters} onChange={setFilters} text={text} action={action} categories={directory.categories} />

      {/* Announces the result count politely as the user types, and holds the no-results message. */}
      <div className={result.noResults ? 'resources-status resources-status-empty' : 'resources-status'} role="status">
        {status}
      </div>
      {result.noResults ? (
        <p className="resources-show-all">
          <a href={action} onClick={showAll}>
            {text.results.showAll}
          </a>
        </p>
      ) : null}

      <CategoryList categories={result.categories} text={text} />
      <OrganizationList organizations={result.organizations} text={text} />
    </>
  );
}
