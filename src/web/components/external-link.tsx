import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link that opens in a new tab without giving the other site a handle on this one. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const { t } = useTranslation();
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('nav.opensInNewTab')}</span>
    </a>
  );
}
