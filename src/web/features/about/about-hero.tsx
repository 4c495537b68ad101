import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../home/icons.tsx';

const FACTS = ['free', 'noSignup', 'ways', 'hours', 'bayArea'] as const;

export function AboutHero() {
  const { t } = useTranslation('content');
  return (
    <div className="about-hero">
      <div className="about-inner about-hero-inner">
        <div>
          <h1>{t('about.hero.heading')}</h1>
          <p className="about-lead">{t('about.hero.lead')}</p>
        </div>
        <div className="about-facts">
          <p className="about-facts-label">{t('about.hero.factsLabel')}</p>
          <ul>
            {FACTS.map((id) => (
              <li key={id}>
                <CheckIcon />
                <span>{t(`about.hero.facts.${id}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
