import { useTranslation } from 'react-i18next';
import { EmergencyText } from '../home/emergency-text.tsx';
import { InfoIcon } from '../home/icons.tsx';

/** Says plainly that Ellis is an AI, what it cannot do, and where to go in an emergency. */
export function Honesty() {
  const { t } = useTranslation('content');
  return (
    <section className="about-section" aria-labelledby="honesty-heading">
      <div className="about-inner">
        <div className="about-honesty">
          <InfoIcon className="about-honesty-icon" />
          <div>
            <h2 id="honesty-heading">{t('about.honesty.heading')}</h2>
            <p>{t('about.honesty.body')}</p>
            <p className="about-emergency">
              <EmergencyText i18nKey="about.honesty.emergency" />
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
