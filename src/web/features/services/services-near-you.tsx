import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resourceCategories } from '../../../shared/resource-directory.ts';
import { SERVICE_FILTER_TAGS, SERVICES_SECTION_ID, type ServicesForm } from '../../../shared/services-page.ts';
import { useAuth } from '../auth/auth-provider.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ServiceCard } from './service-card.tsx';
import { useServicesData } from './services-data.tsx';

const EMPTY_FORM: ServicesForm = { near: '', need: null, tags: [], openNow: false };
const PRINTING_CLASS = 'print-services';

/**
 * "Services near you" (issue 13 point 4), below SPEC's directory. A plain GET form: the server
 * renders the results for its parameters, so it works without JavaScript. The script only adds
 * "use my location", copy, print, report and bookmark.
 */
export function ServicesNearYou() {
  const { t } = useTranslation('resources');
  const data = useServicesData();
  const hydrated = useHydrated();
  const auth = useAuth();
  const form = data?.form ?? EMPTY_FORM;
  const formRef = useRef<HTMLFormElement>(null);
  const nearRef = useRef<HTMLInputElement>(null);
  const response = data?.response ?? null;
  // SPEC's search above keeps its filters when this form is sent.
  const [searchParams] = useSearchParams();
  const kept = (['q', 'category'] as const).flatMap((name) => {
    const value = searchParams.get(name);
    return value ? [{ name, value }] : [];
  });

  const useMyLocation = () => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!nearRef.current || !formRef.current) return;
        nearRef.current.value = `${position.coords.latitude.toFixed(4)},${position.coords.longitude.toFixed(4)}`;
        formRef.current.requestSubmit();
      },
      () => nearRef.current?.focus(),
      { maximumAge: 300_000, timeout: 15_000 },
    );
  };

  const printList = () => {
    document.documentElement.classList.add(PRINTING_CLASS);
    window.addEventListener('afterprint', () => document.documentElement.classList.remove(PRINTING_CLASS), { once: true });
    window.print();
  };

  let status: string | null = null;
  if (data?.failed) status = t('services.unavailable');
  else if (response?.near_unrecognised) status = t('services.placeUnknown', { near: form.near });
  else if (response) status = response.place ? t('services.countNear', { count: response.results.length, place: response.place.name }) : t('services.count', { count: response.results.length });

  return (
    <section id={SERVICES_SECTION_ID} className="services" aria-labelledby="services-heading">
      <h2 id="services-heading">{t('services.heading')}</h2>
      <p className="services-lead">{t('services.lead')}</p>
      <form ref={formRef} className="services-form" method="get" action={`/resources#${SERVICES_SECTION_ID}`}>
        {kept.map(({ name, value }) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="services-field">
          <label htmlFor="services-near">{t('services.near.label')}</label>
          <p id="services-near-hint" className="services-hint">
            {t('services.near.hint')}
          </p>
          <div className="services-near-row">
            <input ref={nearRef} id="services-near" name="near" type="text" defaultValue={form.near} aria-describedby="services-near-hint" maxLength={200} autoComplete="off" />
            {hydrated && 'geolocation' in navigator ? (
              <button type="button" className="button button-secondary" onClick={useMyLocation}>
                {t('services.near.useLocation')}
              </button>
            ) : null}
          </div>
        </div>
        <div className="services-field">
          <label htmlFor="services-need">{t('services.need.label')}</label>
          <select id="services-need" name="need" defaultValue={form.need ?? ''}>
            <option value="">{t('services.need.any')}</option>
            {resourceCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="services-tags">
          <legend>{t('services.tags.legend')}</legend>
          {SERVICE_FILTER_TAGS.map((tag) => (
            <label key={tag} className="services-check">
              <input type="checkbox" name="tag" value={tag} defaultChecked={form.tags.includes(tag)} /> {t(`services.tags.${tag}`)}
            </label>
          ))}
        </fieldset>
        <label className="services-check">
          <input type="checkbox" name="open_now" value="true" defaultChecked={form.openNow} /> {t('services.openNow')}
        </label>
        <button type="submit" className="button button-primary">
          {t('services.submit')}
        </button>
      </form>

      {status ? (
        <p className="services-status" role="status">
          {status}
        </p>
      ) : null}
      {response && response.results.length > 0 ? (
        <>
          {hydrated ? (
            <button type="button" className="button button-secondary services-print" onClick={printList}>
              {t('services.print')}
            </button>
          ) : null}
          <ul className="services-results">
            {response.results.map((service) => (
              <ServiceCard key={service.id} service={service} at={response.at} hydrated={hydrated} signedIn={auth.status === 'signedIn'} />
            ))}
          </ul>
          <p className="services-note">{t('services.note')}</p>
        </>
      ) : null}
    </section>
  );
}
