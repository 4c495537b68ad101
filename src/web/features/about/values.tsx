import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCard } from '../../components/icon-card.tsx';
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
            <IconCard key={id} variant="about-value" Icon={Icon} title={t(`about.values.${id}.title`)} body={t(`about.values.${id}.body`)} />
          ))}
        </ul>
      </div>
    </section>
  );
}
