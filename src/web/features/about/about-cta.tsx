import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VOICE_PATH } from '../../lib/paths.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { CallLink } from '../../components/call-link.tsx';
import { ChatIcon, MicIcon } from '../home/icons.tsx';

export function AboutCallToAction() {
  const { t } = useTranslation('content');
  const { voiceAvailable } = usePublicConfig();
  return (
    <section className="about-section" aria-labelledby="about-cta-heading">
      <div className="about-inner">
        <div className="about-cta">
          <h2 id="about-cta-heading">{t('about.cta.heading')}</h2>
          <p>{t('about.cta.body')}</p>
          <p className="about-cta-actions">
            <CallLink className="button button-call about-action" />
            <Link className="button button-primary about-action" to="/chat">
              <ChatIcon />
              <span>{t('about.cta.chat')}</span>
            </Link>
            {voiceAvailable ? (
              <Link className="button button-secondary about-action" to={VOICE_PATH}>
                <MicIcon />
                <span>{t('about.cta.speak')}</span>
              </Link>
            ) : null}
          </p>
          <p>
            <Link className="about-cta-resources" to="/resources">
              {t('about.cta.resources')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
