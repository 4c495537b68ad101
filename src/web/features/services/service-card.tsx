import { useState, type FormEvent } from 'react';
import { telHref } from '../../../shared/crisis-lines.ts';
import { distanceLabel, freshnessLabel, openLabel, type ServiceLabel } from '../../../shared/service-labels.ts';
import { MAX_REPORT_LENGTH, REPORT_KINDS, type ReportKind, type ServiceResult } from '../../../shared/services-api.ts';
import { directionsUrl } from '../../../shared/services-page.ts';
import { api, getAccessToken, setAccessToken } from '../../lib/api-client.ts';
import { useServicesText } from './services-text.tsx';

interface ServiceCardProps {
  service: ServiceResult;
  at: string;
  hydrated: boolean;
  signedIn: boolean;
}

function addressLine(service: ServiceResult): string | null {
  const address = service.location?.address;
  return address ? `${address.address_1}, ${address.city}, ${address.state_province} ${address.postal_code}` : null;
}

/** The text a person shares by SMS or copies: enough to find and call the service. */
export function shareText(service: ServiceResult, openText: string): string {
  return [service.name, addressLine(service), service.phones[0]?.number, openText].filter(Boolean).join('\n');
}

export function ServiceCard({ service, at, hydrated, signedIn }: ServiceCardProps) {
  const t = useServicesText();
  const label = (value: ServiceLabel) => t(value.key, value.params);
  const open = openLabel(service.open, at, t.locale);
  const distance = distanceLabel(service.distance_m);
  const address = addressLine(service);
  const directions = service.location ? directionsUrl(service.location) : null;
  const text = shareText(service, label(open));
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState<'idle' | 'saved' | 'failed'>('idle');
  const headingId = `service-${service.id}`;

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const bookmark = async () => {
    try {
      // A public page starts no auth controller (decision 097): the first save asks for a session
      // with the refresh cookie, once.
      if (!getAccessToken()) {
        const session = await api.post<{ access_token: string }>('/auth/v1/token?grant_type=refresh_token', {}, { auth: false });
        setAccessToken(session.access_token);
      }
      await api.post('/api/bookmarks', { title: service.name, url: service.url ?? '', description: [address, service.phones[0]?.number].filter(Boolean).join(' · ') });
      setSaved('saved');
    } catch {
      setSaved('failed');
    }
  };

  return (
    <li className="service-card">
      <article aria-labelledby={headingId}>
        <h3 id={headingId} className="service-card-name">
          {service.url ? (
            <a href={service.url} target="_blank" rel="noopener noreferrer">
              {service.name}
              <span className="visually-hidden"> {t('services.card.opensInNewTab')}</span>
            </a>
          ) : (
            service.name
          )}
        </h3>
        {service.organization.name !== service.name ? <p className="service-card-org">{service.organization.name}</p> : null}
        {service.alert ? (
          <p className="service-card-alert" role="note">
            {service.alert}
          </p>
        ) : null}
        <p className={`service-card-open service-card-open-${service.open.status}`}>
          {label(open)}
          {distance ? <span className="service-card-distance"> · {label(distance)}</span> : null}
        </p>
        <dl className="service-card-facts">
          {address || service.area_wide ? (
            <>
              <dt>{t('services.card.address')}</dt>
              <dd>
                {address ?? t('services.areaWide')}
                {directions ? (
                  <>
                    {' '}
                    <a href={directions} target="_blank" rel="noopener noreferrer">
                      {t('services.card.directions')}
                      <span className="visually-hidden"> {t('services.card.to', { name: service.name })}</span>
                    </a>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {service.phones.length > 0 ? (
            <>
              <dt>{t('services.card.phone')}</dt>
              <dd>
                {service.phones.map((phone) => (
                  <a key={phone.number} className="service-card-phone" href={telHref(phone.number)}>
                    {phone.number}
                  </a>
                ))}
              </dd>
            </>
          ) : null}
          {service.eligibility ? (
            <>
              <dt>{t('services.card.eligibility')}</dt>
              <dd>{service.eligibility}</dd>
            </>
          ) : null}
          {service.what_to_bring ? (
            <>
              <dt>{t('services.card.bring')}</dt>
              <dd>{service.what_to_bring}</dd>
            </>
          ) : null}
          <dt>{t('services.card.verified')}</dt>
          <dd>{label(freshnessLabel(service.freshness, at))}</dd>
        </dl>
        <div className="service-card-actions">
          <a className="button button-secondary" href={`sms:?&body=${encodeURIComponent(text)}`}>
            {t('services.card.text')}
            <span className="visually-hidden"> {t('services.card.to', { name: service.name })}</span>
          </a>
          {hydrated ? (
            <button type="button" className="button button-secondary" onClick={() => void copy()}>
              {copied ? t('services.card.copied') : t('services.card.copy')}
              <span className="visually-hidden"> {t('services.card.to', { name: service.name })}</span>
            </button>
          ) : null}
          {hydrated && signedIn ? (
            <button type="button" className="button button-secondary" onClick={() => void bookmark()} disabled={saved === 'saved'}>
              {saved === 'saved' ? t('services.card.saved') : t('services.card.save')}
              <span className="visually-hidden"> {t('services.card.to', { name: service.name })}</span>
            </button>
          ) : null}
        </div>
        {saved === 'failed' ? <p role="alert">{t('services.card.saveFailed')}</p> : null}
        {hydrated ? <ReportProblem service={service} /> : null}
      </article>
    </li>
  );
}

function ReportProblem({ service }: { service: ServiceResult }) {
  const t = useServicesText();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const ids = { kind: `report-kind-${service.id}`, message: `report-message-${service.id}` };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState('sending');
    try {
      await api.post(`/api/services/${encodeURIComponent(service.id)}/reports`, {
        kind: form.get('kind') as ReportKind,
        message: String(form.get('message') ?? ''),
      });
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  if (state === 'sent') return <p role="status" className="service-card-reported">{t('services.report.thanks')}</p>;
  return (
    <details className="service-card-report">
      <summary>
        {t('services.report.open')}
        <span className="visually-hidden"> {t('services.card.to', { name: service.name })}</span>
      </summary>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor={ids.kind}>{t('services.report.kind')}</label>
        <select id={ids.kind} name="kind" defaultValue="other">
          {REPORT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`services.report.kinds.${kind}`)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.message}>{t('services.report.message')}</label>
        <textarea id={ids.message} name="message" required maxLength={MAX_REPORT_LENGTH} rows={3} />
        <button type="submit" className="button button-primary" disabled={state === 'sending'}>
          {t('services.report.send')}
        </button>
        {state === 'failed' ? <p role="alert">{t('services.report.failed')}</p> : null}
      </form>
    </details>
  );
}
