import { useTranslation } from 'react-i18next';
import type { ResourceCategory } from '../../../shared/resource-directory.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { CategoryIcon } from './category-icon.tsx';

function ArrowIcon() {
  return (
    <svg className="icon resources-link-arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M14 5h5v5M19 5l-8 8M17 14v4a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4" />
    </svg>
  );
}

/** One card per category, each with its links to the service guide. */
export function CategoryList({ categories }: { categories: readonly ResourceCategory[] }) {
  const { t } = useTranslation('resources');
  if (categories.length === 0) return null;
  return (
    <>
      <div className="resources-categories">
        {categories.map((category) => (
          <section key={category.id} className="resources-card" aria-labelledby={`category-${category.id}`}>
            <h2 id={`category-${category.id}`} className="resources-card-heading">
              <CategoryIcon id={category.id} />
              {category.name}
            </h2>
            <ul className="resources-links">
              {category.resources.map((resource) => (
                <li key={resource.name}>
                  <ExternalLink className="resources-link" href={resource.url}>
                    <span className="resources-link-name">{resource.name}</span>
                    <ArrowIcon />
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="resources-source">{t('categories.source')}</p>
    </>
  );
}
