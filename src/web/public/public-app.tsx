import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import { usePublicConfig } from '../lib/public-config.tsx';
import { TopBar } from '../components/top-bar.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { AboutPage } from '../pages/about-page.tsx';
import { HomePage } from '../pages/home-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PrivacyPage } from '../pages/privacy-page.tsx';
import { ResourcesPage } from '../pages/resources-page.tsx';
import { Island } from './island.tsx';
import { PublicHeader } from './public-header.tsx';

const PAGES: Record<string, () => ReactNode> = {
  '/': HomePage,
  '/about': AboutPage,
  '/resources': ResourcesPage,
  '/privacy': PrivacyPage,
};

/**
 * A public page in one language, rendered only on the server (decision 097): the same layout as the
 * app's (crisis numbers first, quick exit, header, footer), with the interactive parts as islands.
 * `path` is the page without its language prefix; an unknown one is the not-found page.
 */
export function PublicApp({ locale, path }: { locale: Locale; path: string }) {
  const { t } = useTranslation();
  const { quickExitUrl } = usePublicConfig();
  const Page = PAGES[path] ?? NotFoundPage;
  return (
    <>
      <TopBar quickExit={<Island name="quick-exit" props={{ url: quickExitUrl, label: t('quickExit.label'), hint: t('quickExit.hint') }} />} />
      <PublicHeader locale={locale} path={path} />
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
      <SiteFooter />
    </>
  );
}
