import { useTranslation } from 'react-i18next';
import { callTarget } from '../../shared/public-config.ts';
import { usePublicConfig } from '../lib/public-config.tsx';
import { PhoneIcon } from './phone-icon.tsx';

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
