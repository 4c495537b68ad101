import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowIcon, ClockIcon, CompassIcon, EarIcon } from './icons.tsx';

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
    <section className="home-section" aria-labelledby="benefits-heading">
      <div className="home-section-inner">
        <h2 id="benefits-heading" className="home-section-heading">
          {t('home.benefits.heading')}
        </h2>
        <p className="home-section-intro">{t('home.benefits.intro')}</p>
        <ul className="home-cards">
          {BENEFITS.map(({ id, Icon, link }) => (
            <li key={id} className="home-card">
              <span className="home-card-icon">
                <Icon />
              </span>
              <h3>{t(`home.benefits.${id}.title`)}</h3>
              <p>{t(`home.benefits.${id}.body`)}</p>
              {link ? (
                <Link className="home-card-link" to={link}>
                  <span>{t(`home.benefits.${id}.link`)}</span>
                  <ArrowIcon />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
