import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrisisStrip } from './crisis-strip.tsx';

/**
 * What stands above every page's header: the skip link, then the crisis numbers and the quick exit.
 * The app and the public pages each bring their own quick exit (a component there, an island here).
 */
export function TopBar({ quickExit }: { quickExit: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <aside className="top-bar" aria-label={t('crisisStrip.label')}>
        <CrisisStrip />
        {quickExit}
      </aside>
    </>
  );
}
