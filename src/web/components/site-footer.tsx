import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/public-config.tsx';
import { VOICE_PATH } from '../lib/paths.ts';
import { CallLink } from './call-link.tsx';
import { ExternalLink } from './external-link.tsx';

const QUICK_LINKS = [
  ['/', 'footer.home'],
  ['/about', 'footer.about'],
  ['/resources', 'footer.resources'],
  ['/login', 'footer.login'],
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const { donateUrl, chatCollectionUrl, voiceAvailable } = usePublicConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <ul>
            <li>
              <CallLink showNumber />
            </li>
            <li>
              <Link to="/chat">{t('footer.chat')}</Link>
            </li>
            {voiceAvailable ? (
              <li>
                <Link to={VOICE_PATH}>{t('footer.speak')}</Link>
              </li>
            ) : null}
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">{t('footer.quickLinks')}</h2>
          <ul>
            {QUICK_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </section>
        {donateUrl || chatCollectionUrl ? (
          <section aria-labelledby="footer-support">
            <h2 id="footer-support">{t('footer.support')}</h2>
            <ul>
              {donateUrl ? (
                <li>
                  <ExternalLink href={donateUrl}>{t('footer.donate')}</ExternalLink>
                </li>
              ) : null}
              {chatCollectionUrl ? (
                <li>
                  <ExternalLink href={chatCollectionUrl}>{t('footer.chatCollection')}</ExternalLink>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t('footer.aboutHeading')}</h2>
          <p>{t('footer.aboutBlurb')}</p>
        </section>
      </div>
      <div className="footer-bottom">
        {/* The year is rendered at build time; the browser may be in a later one. */}
        <p suppressHydrationWarning>{t('footer.copyright', { year })}</p>
        {/* Beside the copyright, not among SPEC's quick links: what Ellis keeps and how to delete it. */}
        <p>
          <Link to="/privacy">{t('footer.privacy')}</Link>
        </p>
        <p className="powered-by">
          {t('footer.poweredBy')}{' '}
          <span className="powered-by-logo">
            <img src="/favicon.svg" alt="" width="20" height="20" />
            {t('footer.poweredByName')}
          </span>
        </p>
      </div>
    </footer>
  );
}
