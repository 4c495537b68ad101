import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon, PersonIcon, ShieldIcon } from '../home/icons.tsx';

const VALUES: readonly { id: 'empathy' | 'accessibility' | 'privacy'; Icon: ComponentType<{ className?: string }> }[] = [
  { id: 'empathy', Icon: HeartIcon },
  { id: 'accessibility', Icon: PersonIcon },
  { id: 'privacy', Icon: ShieldIcon },
];

export function Values() {
  const { t } = useTranslation('content');
  return (
    <section className="about-section about-section-warm" aria-labelledby="values-heading">
      <div className="about-inner">
        <h2 id="values-heading">{t('about.values.heading')}</h2>
        <p className="about-intro">{t('about.values.intro')}</p>
        <ul className="about-values">
          {VALUES.map(({ id, Icon }) => (
            <li key={id} className="about-value">
              <span className="about-value-icon">
                <Icon />
              </span>
              <h3>{t(`about.values.${id}.title`)}</h3>
              <p>{t(`about.values.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
