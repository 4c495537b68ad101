import { useTranslation } from 'react-i18next';
import { CompassIcon, SparkIcon } from '../home/icons.tsx';

const PANELS = [
  { id: 'mission', Icon: CompassIcon },
  { id: 'vision', Icon: SparkIcon },
] as const;

export function MissionVision() {
  const { t } = useTranslation('content');
  return (
    <div className="about-section">
      <div className="about-inner about-pair">
        {PANELS.map(({ id, Icon }) => (
          <section key={id} className="about-panel" aria-labelledby={`${id}-heading`}>
            <span className="about-panel-icon">
              <Icon />
            </span>
            <h2 id={`${id}-heading`}>{t(`about.${id}.heading`)}</h2>
            <p>{t(`about.${id}.body`)}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
