import { useTranslation } from 'react-i18next';
import { callTarget } from '../../shared/public-config.ts';
import { usePublicConfig } from '../app/public-config.tsx';

interface CallLinkProps {
  className?: string;
  /** Shows the number itself next to the label, for places like the footer. */
  showNumber?: boolean;
}

/**
 * The phone link. Without a configured Ellis line it dials 211 and says so, rather than pretending
 * to reach Ellis (DESIGN §4).
 */
export function CallLink({ className, showNumber = false }: CallLinkProps) {
  const { t } = useTranslation();
  const target = callTarget(usePublicConfig());
  const label = target.isFallback ? t('call.fallback') : t('call.ellis');
  const showsNumber = showNumber && !target.isFallback;
  // The accessible name must contain the visible text (WCAG 2.5.3), so it is only replaced where
  // the visible text alone would not say where the call goes.
  const accessibleName = showsNumber
    ? undefined
    : target.isFallback
      ? t('call.fallbackLabel')
      : t('call.ellisLabel', { number: target.display });
  return (
    <a className={className} href={target.href} aria-label={accessibleName}>
      <PhoneIcon />
      <span>{label}</span>
      {showsNumber ? <span className="call-number"> {target.display}</span> : null}
    </a>
  );
}

export function PhoneIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
