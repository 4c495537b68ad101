import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../components/nav-bar.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { QuickExit } from '../components/quick-exit.tsx';
import { TopBar } from '../components/top-bar.tsx';
import { findPageRoute } from './route-table.ts';
import { LanguageLinks } from './language-links.tsx';
import { useForgetPublicConversationOnSignOut } from '../features/auth/forget-public-conversation-on-sign-out.ts';
import { useAuth, useAuthController } from '../features/auth/auth-provider.tsx';
import { HOME_PATH } from '../lib/paths.ts';

/**
 * The nav bar with the visitor's account. Only this part re-renders when the session is known: a
 * re-render of the layout while a lazy screen is still hydrating would make React drop that
 * screen's server HTML, with anything typed into it (tests/e2e/typed-before-hydration.spec.ts).
 */
function AccountNavBar() {
  const { user } = useAuth();
  const auth = useAuthController();
  const navigate = useNavigate();
  const signOut = () => void auth.signOut('local', HOME_PATH).then(() => navigate(HOME_PATH));
  return <NavBar account={{ signedIn: user !== null, signOut }} />;
}

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
      <TopBar quickExit={<QuickExit />} />
      <AccountNavBar />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">{t('loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <LanguageLinks />
      <SiteFooter />
    </>
  );
}
