import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { CallLink } from '../../components/call-link.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { ChatIcon } from './icons.tsx';

/**
 * The closing call to action: the phone line and the external chat page. Without an external chat
 * page the visitor gets Ellis's own chat instead, so this is never a dead end.
 */
export function GetSupport() {
  const { t } = useTranslation('content');
  const { chatCollectionUrl } = usePublicConfig();
  return (
    <section className="home-section home-section-ready" aria-labelledby="get-support-heading">
      <div className="home-section-inner">
        <div className="home-ready">
          <h2 id="get-support-heading">{t('home.getSupport.heading')}</h2>
          <p>{t('home.getSupport.body')}</p>
          <p className="home-ready-actions">
            <CallLink className="button home-button-light home-action" />
            {chatCollectionUrl ? (
              <ExternalLink className="button home-button-outline-light home-action" href={chatCollectionUrl}>
                <ChatIcon />
                <span>{t('home.getSupport.externalChat')}</span>
              </ExternalLink>
            ) : (
              <Link className="button home-button-outline-light home-action" to="/chat">
                <ChatIcon />
                <span>{t('home.getSupport.chat')}</span>
              </Link>
            )}
          </p>
        </div>
      </div>
    </section>
  );
}
