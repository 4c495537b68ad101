import type { ResourceCategory } from '../../../shared/resource-directory.ts';
import { NewTabLink } from '../../components/new-tab-link.tsx';
import type { DirectoryText } from './directory-text.ts';
import { CategoryIcon } from './category-icon.tsx';

function ArrowIcon() {
  return (
    <svg className="icon resources-link-arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M14 5h5v5M19 5l-8 8M17 14v4a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4" />
    </svg>
  );
}

/** One card per category, each with its links to the service guide. */
export function CategoryList({ categories, text }: { categories: readonly ResourceCategory[]; text: DirectoryText }) {
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
                  <NewTabLink className="resources-link" href={resource.url} note={text.opensInNewTab}>
                    <span className="resources-link-name">{resource.name}</span>
                    <ArrowIcon />
                  </NewTabLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="resources-source">{text.categoriesSource}</p>
    </>
  );
}
