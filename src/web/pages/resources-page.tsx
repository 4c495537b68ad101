import { lazy, Suspense, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countResources, normalizeQuery, searchDirectory } from '../../shared/resource-search.ts';
import { CrisisBlock } from '../components/crisis-block.tsx';
import { CategoryList } from '../features/resources/category-list.tsx';
import { EllisPrompt } from '../features/resources/ellis-prompt.tsx';
import { OrganizationList } from '../features/resources/organization-list.tsx';
import { ResourceSearchForm, SEARCH_INPUT_ID } from '../features/resources/resource-search-form.tsx';
import { NO_FILTERS, useDirectoryFilters } from '../features/resources/use-directory-filters.ts';
import '../styles/resources.css';

// Below SPEC's directory, and only useful once someone searches: its code loads on its own.
const ServicesNearYou = lazy(async () => ({ default: (await import('../features/services/services-near-you.tsx')).ServicesNearYou }));

/**
 * /resources (SPEC §2): crisis lines first, then the searchable directory. The prerendered HTML
 * holds every category, link and organization, so it is complete without JavaScript.
 */
export function ResourcesPage() {
  const { t } = useTranslation('resources');
  const [filters, setFilters] = useDirectoryFilters();
  const result = useMemo(() => searchDirectory(filters), [filters]);
  const shown = countResources(result.categories);
  const filtered = normalizeQuery(filters.query) !== '' || filters.category !== 'all';

  let status: string;
  if (result.noResults) status = t('results.noResults');
  else if (filtered) status = t('results.matching', { count: shown });
  else status = t('results.all', { count: shown });

  const showAll = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFilters(NO_FILTERS);
    document.getElementById(SEARCH_INPUT_ID)?.focus();
  };

  return (
    <div className="page resources-page">
      <header className="resources-header">
        <h1>{t('heading')}</h1>
        <p className="resources-lead">{t('lead')}</p>
      </header>

      <CrisisBlock />

      <ResourceSearchForm filters={filters} onChange={setFilters} />

      {/* Announces the result count politely as the user types, and holds the no-results message. */}
      <div className={result.noResults ? 'resources-status resources-status-empty' : 'resources-status'} role="status">
        {status}
      </div>
      {result.noResults ? (
        <p className="resources-show-all">
          <a href="/resources" onClick={showAll}>
            {t('results.showAll')}
          </a>
        </p>
      ) : null}

      <CategoryList categories={result.categories} />
      <OrganizationList organizations={result.organizations} />
      <Suspense fallback={null}>
        <ServicesNearYou />
      </Suspense>
      <EllisPrompt />
    </div>
  );
}
