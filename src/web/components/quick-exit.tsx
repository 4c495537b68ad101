import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../app/public-config.tsx';

/** Two presses of Escape within this window leave the site. */
const DOUBLE_ESCAPE_WINDOW_MS = 1_000;

function leave(url: string): void {
  // replace() keeps this site out of the Back button's history.
  window.location.replace(url);
}

/**
 * For someone whose abuser may walk in: one tap (or Escape twice) swaps this site for a neutral
 * one. Without JavaScript it is still a plain link to the same place.
 */
export function QuickExit() {
  const { t } = useTranslation();
  const { quickExitUrl } = usePublicConfig();

  useEffect(() => {
    let lastEscapeAt = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const now = performance.now();
      if (now - lastEscapeAt <= DOUBLE_ESCAPE_WINDOW_MS) {
        leave(quickExitUrl);
        return;
      }
      lastEscapeAt = now;
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [quickExitUrl]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    leave(quickExitUrl);
  };

  return (
    <a className="quick-exit" href={quickExitUrl} rel="noreferrer" onClick={onClick} title={t('quickExit.hint')}>
      <span aria-hidden="true">✕ </span>
      {t('quickExit.label')}
      <span className="visually-hidden">. {t('quickExit.hint')}</span>
    </a>
  );
}
