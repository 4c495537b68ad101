import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewTabLink } from './new-tab-link.tsx';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link that opens in a new tab without giving the other site a handle on this one. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const { t } = useTranslation();
  return (
    <NewTabLink className={className} href={href} note={t('nav.opensInNewTab')}>
      {children}
    </NewTabLink>
  );
}
