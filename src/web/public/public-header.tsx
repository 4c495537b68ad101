import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import { usePublicConfig } from '../lib/public-config.tsx';
import { CHAT_PATH, SIGN_IN_PATH, VOICE_PATH } from '../lib/paths.ts';
import { CallLink } from '../components/call-link.tsx';
import { ExternalLink } from '../components/external-link.tsx';
import { Island } from './island.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { usePageHref } from './page-href.tsx';

/** The nav's links as plain anchors: a public page has no client router, so every link loads a page, in
 * the page's language (/es/chat). */
function NavItems({ path }: { path: string }) {
  const { t } = useTranslation();
  const { donateUrl, voiceAvailable } = usePublicConfig();
  const href = usePageHref();
  const page = (target: string, label: string) => (
    <li key={target}>
      <a href={href(target)} aria-current={target === path ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  const actions: ReactNode[] = [];
  if (donateUrl) {
    actions.push(
      <li key="donate">
        <ExternalLink className="button button-donate" href={donateUrl}>
          {t('nav.donate')}
        </ExternalLink>
      </li>,
    );
  }
  actions.push(
    <li key="call">
      <CallLink className="button button-call" />
    </li>,
    <li key="chat">
      <a className="button button-primary" href={href(CHAT_PATH)}>
        {t('nav.chat')}
      </a>
    </li>,
  );
  if (voiceAvailable) {
    actions.push(
      <li key="speak">
        <a className="button button-secondary" href={href(VOICE_PATH)}>
          {t('nav.speak')}
        </a>
      </li>,
    );
  }
  return (
    <>
      <ul className="nav-pages">
        {page('/', t('nav.home'))}
        {page('/about', t('nav.about'))}
        {page('/resources', t('nav.resources'))}
        <li>
          <a href={href(SIGN_IN_PATH)}>{t('nav.login')}</a>
        </li>
      </ul>
      <ul className="nav-actions">{actions}</ul>
    </>
  );
}

/**
 * The header of the public pages: the same look as the app's NavBar, without its auth state (a
 * public page starts no auth controller, so it always offers Log in). On small screens the items
 * fold into a <details> menu, an island.
 */
export function PublicHeader({ locale, path }: { locale: Locale; path: string }) {
  const { t } = useTranslation();
  const href = usePageHref();
  return (
    <header className="site-header">
      <div className="header-inner">
        <a href={href('/')} className="brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t('siteName')}</span>
        </a>
        <div className="header-end">
          <LanguageSwitcher locale={locale} path={path} />
          <nav className="site-nav" aria-label={t('nav.label')}>
            <div className="nav-wide">
              <NavItems path={path} />
            </div>
            <Island
              name="disclosure"
              props={{ className: 'nav-narrow', summaryClassName: 'menu-toggle', panelClassName: 'nav-narrow-panel', label: t('nav.menu'), icon: 'menu' }}
              panel={<NavItems path={path} />}
            />
          </nav>
        </div>
      </div>
    </header>
  );
}
