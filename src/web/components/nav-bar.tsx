import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/public-config.tsx';
import { VOICE_PATH } from '../lib/paths.ts';
import { useMenuOpen } from '../lib/use-menu-open.ts';
import { CallLink } from './call-link.tsx';
import { ExternalLink } from './external-link.tsx';
import '../styles/nav-auth.css';

/** What the bar needs to know of the visitor's account; the app shell (app/layout.tsx) provides it. */
export interface NavAccount {
  signedIn: boolean;
  signOut: () => void;
}

function NavItems({ account, onChoose }: { account: NavAccount; onChoose?: () => void }) {
  const { t } = useTranslation();
  const { donateUrl, voiceAvailable } = usePublicConfig();
  const item = (key: string, node: ReactNode) => (
    <li key={key} onClick={onChoose}>
      {node}
    </li>
  );
  return (
    <>
      <ul className="nav-pages">
        {item('home', <NavLink to="/" end>{t('nav.home')}</NavLink>)}
        {item('about', <NavLink to="/about">{t('nav.about')}</NavLink>)}
        {item('resources', <NavLink to="/resources">{t('nav.resources')}</NavLink>)}
        {account.signedIn
          ? [
              item('dashboard', <NavLink to="/dashboard">{t('nav.dashboard')}</NavLink>),
              item('logout', <button type="button" className="nav-logout" onClick={account.signOut}>{t('nav.logout')}</button>),
            ]
          : item('login', <NavLink to="/login">{t('nav.login')}</NavLink>)}
      </ul>
      <ul className="nav-actions">
        {donateUrl
          ? item('donate', <ExternalLink className="button button-donate" href={donateUrl}>{t('nav.donate')}</ExternalLink>)
          : null}
        {item('call', <CallLink className="button button-call" />)}
        {item('chat', <Link className="button button-primary" to="/chat">{t('nav.chat')}</Link>)}
        {voiceAvailable
          ? item('speak', <Link className="button button-secondary" to={VOICE_PATH}>{t('nav.speak')}</Link>)
          : null}
      </ul>
    </>
  );
}

/**
 * On wide screens the items sit in a row; on small screens they fold into a <details> menu, which
 * opens and closes without JavaScript. With JavaScript, choosing an item or pressing Escape also
 * closes it.
 */
export function NavBar({ account }: { account: NavAccount }) {
  const { t } = useTranslation();
  const { open: menuOpen, setOpen: setMenuOpen, toggleRef } = useMenuOpen();
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t('siteName')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.label')}>
          <div className="nav-wide">
            <NavItems account={account} />
          </div>
          <details
            className="nav-narrow"
            open={menuOpen}
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
          >
            <summary className="menu-toggle" ref={toggleRef}>
              <span className="menu-icon" aria-hidden="true" />
              {t('nav.menu')}
            </summary>
            <div className="nav-narrow-panel">
              <NavItems account={account} onChoose={() => setMenuOpen(false)} />
            </div>
          </details>
        </nav>
      </div>
    </header>
  );
}
