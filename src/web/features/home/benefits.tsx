import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowIcon, ClockIcon, CompassIcon, EarIcon } from './icons.tsx';
import { IconCard } from '../../components/icon-card.tsx';
import { HomeSection } from './home-section.tsx';

interface Benefit {
  id: 'support' | 'resources' | 'listening';
  Icon: ComponentType<{ className?: string }>;
  /** An optional page where the visitor can act on this benefit right away. */
  link?: string;
}

const BENEFITS: readonly Benefit[] = [
  { id: 'support', Icon: ClockIcon },
  { id: 'resources', Icon: CompassIcon, link: '/resources' },
  { id: 'listening', Icon: EarIcon },
];

export function Benefits() {
  const { t } = useTranslation('content');
  return (
    <HomeSection headingId="benefits-heading" heading={t('home.benefits.heading')} intro={t('home.benefits.intro')}>
      <ul className="home-cards">
        {BENEFITS.map(({ id, Icon, link }) => (
          <IconCard key={id} variant="home-card" Icon={Icon} title={t(`home.benefits.${id}.title`)} body={t(`home.benefits.${id}.body`)}>
            {link ? (
              <Link className="home-card-link" to={link}>
                <span>{t(`home.benefits.${id}.link`)}</span>
                <ArrowIcon />
              </Link>
            ) : null}
          </IconCard>
        ))}
      </ul>
    </HomeSection>
  );
}
