import { useRef } from 'react';
import type { ResourceCategory } from '../../../shared/resource-directory.ts';
import { SERVICE_FILTER_TAGS, SERVICES_SECTION_ID, type ServicesForm, type ServicesPageData } from '../../../shared/services-page.ts';
import { mayHaveSession } from '../../../shared/session-hint.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ServiceCard } from './service-card.tsx';
import { servicesText, ServicesTextProvider, useServicesText } from './services-text.tsx';

const EMPTY_FORM: ServicesForm = { near: '', need: null, tags: [], openNow: false };
const PRINTING_CLASS = 'print-services';

export interface ServicesNearYouProps {
  /** The search the server ran for this request, if the form was used. */
  data: ServicesPageData | null;
  /** SPEC's search above (q, category), kept when this form is sent. */
  kept: { name: string; value: string }[];
  /** The page's address in its language. */
  action: string;
  /** The directory's categories, the choices of "What do you need?" (passed in, like the directory's). */
  categories: readonly Pick<ResourceCategory, 'id' | 'name'>[];
}

/**
 * "Services near you", below SPEC's directory. A plain GET form: the server
 * renders the results for its parameters, so it works without JavaScript. As an island of
 * /resources (its words already translated, decision 097) the script adds "use my location", copy,
 * print, report and, when the session hint says someone is signed in, save as a bookmark.
 */
export function ServicesIsland({ templates, locale, ...props }: ServicesNearYouProps & { templates: Record<string, unknown>; locale: string }) {
  return (
    <ServicesTextProvider value={servicesText(templates, locale)}>
      <ServicesNearYou {...props} />
    </ServicesTextProvider>
  );
}

function ServicesNearYou({ data, kept, action, categories }: ServicesNearYouProps) {
  const t = useServicesText();
  const hydrated = useHydrated();
  const form = data?.form ?? EMPTY_FORM;
  const formRef = useRef<HTMLFormElement>(null);
  const nearRef = useRef<HTMLInputElement>(null);
  const response = data?.response ?? null;

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
      <form ref={formRef} className="services-form" method="get" action={`${action}#${SERVICES_SECTION_ID}`}>
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
            {categories.map((category) => (
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
              <ServiceCard key={service.id} service={service} at={response.at} hydrated={hydrated} signedIn={hydrated && mayHaveSession(document.cookie)} />
            ))}
          </ul>
          <p className="services-note">{t('services.note')}</p>
        </>
      ) : null}
    </section>
  );
}
