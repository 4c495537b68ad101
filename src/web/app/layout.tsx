import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../components/nav-bar.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { QuickExit } from '../components/quick-exit.tsx';
import { CrisisStrip } from '../components/crisis-strip.tsx';
import { findPageRoute } from './route-table.ts';
import { useForgetPublicConversationOnSignOut } from '../features/auth/forget-public-conversation-on-sign-out.ts';

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  useForgetPublicConversationOnSignOut();

  useEffect(() => {
    document.title = t(findPageRoute(pathname).titleKey);
    // After a client-side navigation, screen-reader and keyboard users start at the new content,
    // as they would after a full page load.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus();
    window.scrollTo(0, 0);
  }, [pathname, t]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <aside className="top-bar" aria-label={t('crisisStrip.label')}>
        <CrisisStrip />
        <QuickExit />
      </aside>
      <NavBar />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">{t('loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
