import { useTranslation } from 'react-i18next';
import { CompassIcon, SparkIcon } from '../home/icons.tsx';

export function MissionVision() {
  const { t } = useTranslation('content');
  return (
    <div className="about-section">
      <div className="about-inner about-pair">
        <section className="about-panel" aria-labelledby="mission-heading">
          <span className="about-panel-icon">
            <CompassIcon />
          </span>
          <h2 id="mission-heading">{t('about.mission.heading')}</h2>
          <p>{t('about.mission.body')}</p>
        </section>
        <section className="about-panel" aria-labelledby="vision-heading">
          <span className="about-panel-icon">
            <SparkIcon />
          </span>
          <h2 id="vision-heading">{t('about.vision.heading')}</h2>
          <p>{t('about.vision.body')}</p>
        </section>
      </div>
    </div>
  );
}
