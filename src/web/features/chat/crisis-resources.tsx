import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { smsHref, telHref } from '../../../shared/crisis-lines.ts';
import type { ChatCrisisResource } from '../../../shared/chat-events.ts';
import type { CrisisNotice } from './chat-state.ts';

function ResourceLinks({ resource }: { resource: ChatCrisisResource }) {
  const { t } = useTranslation('chat');
  const website = resource.url && /^https?:\/\//i.test(resource.url) ? resource.url : null;
  return (
    <p className="chat-crisis-actions">
      {resource.phone ? (
        <a className="button chat-crisis-call" href={telHref(resource.phone)}>
          {t('crisis.call', { number: resource.phone })}
        </a>
      ) : null}
      {resource.sms ? (
        <a className="button chat-crisis-text" href={smsHref(resource.sms, resource.smsBody)}>
          {resource.smsBody
            ? t('crisis.textKeyword', { keyword: resource.smsBody, number: resource.sms })
            : t('crisis.text', { number: resource.sms })}
        </a>
      ) : null}
      {website ? (
        <a className="chat-crisis-website" href={website} target="_blank" rel="noopener noreferrer">
          {t('crisis.website', { name: resource.name })}
          <span className="visually-hidden"> {t('common:nav.opensInNewTab')}</span>
        </a>
      ) : null}
    </p>
  );
}

/**
 * The crisis lines the safety layer sent with a reply (DESIGN §7.1), shown before the reply text
 * with tap-to-call and tap-to-text links, so help is one tap away.
 */
export function CrisisResources({ notice, headingId }: { notice: CrisisNotice; headingId: string }) {
  const { t } = useTranslation('chat');
  return (
    <section className="chat-crisis" aria-labelledby={headingId}>
      <h2 id={headingId}>{notice.level === 'immediate-danger' ? t('crisis.headingDanger') : t('crisis.heading')}</h2>
      <p>{t('crisis.intro')}</p>
      <ul className="chat-crisis-list">
        {notice.resources.map((resource) => (
          <li key={`${resource.name}-${resource.phone ?? ''}-${resource.sms ?? ''}`}>
            <h3>{resource.name}</h3>
            <ResourceLinks resource={resource} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The short list shown with a rate-limit answer (waiting should never hide help) and on the crisis card.
 * At immediate danger 911 comes first, as in the crisis reply (issue 12: 911 first).
 */
export function CrisisQuickLinks({ emergencyFirst = false }: { emergencyFirst?: boolean }) {
  const { t } = useTranslation('chat');
  const emergency = (
    <a className="button chat-crisis-call" href={telHref('911')}>
      {t('crisis.call', { number: '911' })}
    </a>
  );
  return (
    <p className="chat-crisis-actions">
      {emergencyFirst ? emergency : null}
      <a className="button chat-crisis-call" href={telHref('988')}>
        {t('crisis.call', { number: '988' })}
      </a>
      <a className="button chat-crisis-text" href={smsHref('988')}>
        {t('crisis.text', { number: '988' })}
      </a>
      {emergencyFirst ? null : emergency}
    </p>
  );
}

/**
 * The crisis card: while the conversation is at crisis or immediate danger — as stored,
 * so it is still there after a reload — the numbers stay in view above the conversation, and the
 * crisis strip at the top of every page is brought forward (html[data-risk], global.css).
 */
export function CrisisCard({ level, headingId }: { level: 'crisis' | 'immediate-danger'; headingId: string }) {
  const { t } = useTranslation('chat');
  useEffect(() => {
    document.documentElement.dataset.risk = level;
    return () => {
      delete document.documentElement.dataset.risk;
    };
  }, [level]);
  return (
    <section className="chat-crisis chat-crisis-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{level === 'immediate-danger' ? t('crisis.headingDanger') : t('crisis.cardHeading')}</h2>
      <p>{t('crisis.intro')}</p>
      <CrisisQuickLinks emergencyFirst={level === 'immediate-danger'} />
    </section>
  );
}
