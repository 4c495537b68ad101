import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nationalOrganizations, resourceCategories } from '../../shared/resource-directory.ts';
import { categoryName } from '../../shared/category-names.ts';
import { CrisisBlock } from '../components/crisis-block.tsx';
import { directoryText } from '../features/resources/directory-text.ts';
import { EllisPrompt } from '../features/resources/ellis-prompt.tsx';
import { fromSearchParams } from '../features/resources/use-directory-filters.ts';
import { useServicesData } from '../features/services/services-data.tsx';
import { Island } from '../public/island.tsx';
import { useLocale, usePageHref } from '../public/page-href.tsx';
import '../styles/resources.css';

function mergeDeep(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const existing = merged[key];
    merged[key] =
      value && typeof value === 'object' && existing && typeof existing === 'object'
        ? mergeDeep(existing as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return merged;
}

/**
 * /resources (SPEC §2): crisis lines first, then the searchable directory. The prerendered HTML
 * holds every category, link and organization, so it is complete without JavaScript; the directory
 * is an island with its words already translated (decision 097).
 */
export function ResourcesPage() {
  const { t, i18n } = useTranslation('resources');
  const locale = useLocale();
  const href = usePageHref();
  const [searchParams] = useSearchParams();
  const catalog = (language: string) => ({
    resources: i18n.getResourceBundle(language, 'resources') as Record<string, unknown> | undefined,
    common: i18n.getResourceBundle(language, 'common') as Record<string, unknown> | undefined,
  });
  const text = directoryText(locale, catalog(locale), catalog('en'));
  // Category names in the page's language (the links inside keep their services' own names).
  const categories = resourceCategories.map((category) => ({ ...category, name: categoryName(category.id, locale) }));
  // The services section's words: the English ones, overlaid with this language's.
  const services = { ...catalog('en').resources?.services as Record<string, unknown> };
  const servicesTemplates = { services: mergeDeep(services, (catalog(locale).resources?.services ?? {}) as Record<string, unknown>) };
  const servicesData = useServicesData();
  const kept = (['q', 'category'] as const).flatMap((name) => {
    const value = searchParams.get(name);
    return value ? [{ name, value }] : [];
  });

  return (
    <div className="page resources-page">
      <header className="resources-header">
        <h1>{t('heading')}</h1>
        <p className="resources-lead">{t('lead')}</p>
      </header>

      <CrisisBlock />

      <Island name="resource-directory" props={{
          text,
          action: href('/resources'),
          initial: fromSearchParams(searchParams),
          directory: { categories, organizations: nationalOrganizations },
        }} />

      {/* Below SPEC's directory; its script loads after the page's (src/web/islands.tsx). */}
      <Island name="services" props={{
          templates: servicesTemplates,
          locale,
          data: servicesData,
          kept,
          action: href('/resources'),
          categories: categories.map(({ id, name }) => ({ id, name })),
        }} />
      <EllisPrompt />
    </div>
  );
}
