import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { callTarget } from '../../../shared/public-config.ts';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { VOICE_PATH } from '../../lib/paths.ts';
import { CallLink } from '../../components/call-link.tsx';
import { EmergencyText } from './emergency-text.tsx';
import { ChatIcon, InfoIcon, MicIcon, QuoteMark } from './icons.tsx';

export function HomeHero() {
  const { t } = useTranslation('content');
  const config = usePublicConfig();
  const { isFallback } = callTarget(config);
  return (
    <div className="home-hero">
      <div className="home-hero-inner">
        <div className="home-hero-text">
          <p className="home-eyebrow">{t('home.hero.eyebrow')}</p>
          <h1>{t('home.hero.heading')}</h1>
          <p className="home-lead">{t('home.hero.lead')}</p>
          <ul className="home-actions" aria-label={t('home.hero.actionsLabel')}>
            <li>
              <CallLink className="button button-call home-action" />
            </li>
            <li>
              <Link className="button button-primary home-action" to="/chat">
                <ChatIcon />
                <span>{t('home.hero.chat')}</span>
              </Link>
            </li>
            {config.voiceAvailable ? (
              <li>
                <Link className="button button-secondary home-action" to={VOICE_PATH}>
                  <MicIcon />
                  <span>{t('home.hero.speak')}</span>
                </Link>
              </li>
            ) : null}
          </ul>
          {isFallback ? <p className="home-call-note">{t('common:call.fallbackNote')}</p> : null}
        </div>
        <figure className="home-quote">
          <QuoteMark className="home-quote-mark" />
          <blockquote>
            <p>{t('home.hero.quote')}</p>
          </blockquote>
          <figcaption>{t('home.hero.quoteBy')}</figcaption>
        </figure>
      </div>
      <div className="home-notice-wrap">
        <div className="home-notice">
          <InfoIcon className="home-notice-icon" />
          <p>
            <strong>{t('home.aiNotice.label')}:</strong> <EmergencyText i18nKey="home.aiNotice.body" />
          </p>
        </div>
      </div>
    </div>
  );
}
