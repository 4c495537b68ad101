/**
 * The words shown beside a service ("closes in 40 min", "opens Tue 9 AM", "call for hours",
 * "verified 3 months ago"), made in one place from the fields of GET /api/services so the web page,
 * the assistant and the voice line say the same thing. Each function returns a catalog key and its
 * parameters; `renderServiceLabel` fills the English template (i18next `{{name}}` syntax, so the web
 * catalogs can hold the same keys). Pure: the time `at` is always passed in. Day names and clock
 * times inside a label are written for the reader's locale (Intl); English keeps "Tue 9 AM".
 */
import { INTL_LOCALE, type Locale } from './locales.ts';
import { SERVICE_TIME_ZONE, type ServiceResult } from './services-api.ts';
import { serviceWallClock } from './service-wall-clock.ts';

export interface ServiceLabel {
  key: ServiceLabelKey;
  params: Record<string, string | number>;
}

export const SERVICE_LABELS_EN = {
  'services.open.closesInMinutes': 'Open now, closes in {{minutes}} min',
  'services.open.openUntil': 'Open now until {{time}}',
  'services.open.openAllDay': 'Open 24 hours',
  'services.open.openNow': 'Open now',
  'services.open.opensInMinutes': 'Closed, opens in {{minutes}} min',
  'services.open.opensToday': 'Closed, opens today {{time}}',
  'services.open.opensTomorrow': 'Closed, opens tomorrow {{time}}',
  'services.open.opensDay': 'Closed, opens {{day}} {{time}}',
  'services.open.closed': 'Closed now',
  'services.open.callForHours': 'Call for hours',
  'services.freshness.verifiedToday': 'Verified today',
  'services.freshness.verifiedDays': 'Verified {{count}} days ago',
  'services.freshness.verifiedMonths': 'Verified {{count}} months ago',
  'services.freshness.verifiedMonth': 'Verified 1 month ago',
  'services.freshness.stale': 'Last verified {{date}}: call before you go',
  'services.freshness.never': 'Not verified: call before you go',
  'services.freshness.unverified': 'Not verified: call to confirm, or call 211',
  'services.distance.feet': '{{feet}} ft away',
  'services.distance.miles': '{{miles}} mi away',
  'services.areaWide': 'Area-wide / by phone',
} as const;

export type ServiceLabelKey = keyof typeof SERVICE_LABELS_EN;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Within this many minutes of closing or opening the label counts minutes. */
const COUNTDOWN_MINUTES = 60;

interface LocalTime {
  weekday: string;
  /** YYYY-MM-DD of the Pacific calendar day. */
  date: string;
  hour: number;
  minute: number;
}

function local(instant: Date): LocalTime {
  const wall = serviceWallClock(instant);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return {
    weekday: wall.weekday,
    date: `${wall.year}-${twoDigits(wall.month)}-${twoDigits(wall.day)}`,
    hour: wall.hour,
    minute: wall.minute,
  };
}

const localizedFormats = new Map<string, Intl.DateTimeFormat>();

function localizedFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = localizedFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: SERVICE_TIME_ZONE, ...options });
    localizedFormats.set(key, format);
  }
  return format;
}

/** "Tue", "mar", "週二": the short day name in the reader's language, Pacific time. */
export function weekdayName(instant: Date, locale: Locale = 'en'): string {
  return locale === 'en' ? local(instant).weekday : localizedFormat(locale, { weekday: 'short' }).format(instant);
}

/** "9 AM", "9:30 AM", "12 PM" in Pacific time; other locales as Intl writes them ("9:30 a.m.", "上午9:30"). */
export function clockTime(instant: Date, locale: Locale = 'en'): string {
  const { hour, minute } = local(instant);
  if (locale !== 'en') {
    return localizedFormat(locale, minute === 0 ? { hour: 'numeric' } : { hour: 'numeric', minute: '2-digit' }).format(instant);
  }
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0 ? `${twelve} ${suffix}` : `${twelve}:${String(minute).padStart(2, '0')} ${suffix}`;
}

function daysBetween(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / DAY_MS);
}

/**
 * Open status at `at`: "Open now, closes in 40 min", "Closed, opens Tue 9 AM", "Call for hours".
 * The key is the same in every language; `locale` only writes the day and time parameters.
 */
export function openLabel(open: ServiceResult['open'], at: string | Date, locale: Locale = 'en'): ServiceLabel {
  const now = new Date(at);
  if (open.status === 'unknown') return { key: 'services.open.callForHours', params: {} };
  if (open.status === 'open') {
    if (!open.closes_at) return { key: 'services.open.openAllDay', params: {} };
    const closes = new Date(open.closes_at);
    const minutes = Math.ceil((closes.getTime() - now.getTime()) / MINUTE_MS);
    if (minutes <= COUNTDOWN_MINUTES) return { key: 'services.open.closesInMinutes', params: { minutes } };
    return { key: 'services.open.openUntil', params: { time: clockTime(closes, locale) } };
  }
  if (!open.opens_at) return { key: 'services.open.closed', params: {} };
  const opens = new Date(open.opens_at);
  const minutes = Math.ceil((opens.getTime() - now.getTime()) / MINUTE_MS);
  if (minutes <= COUNTDOWN_MINUTES) return { key: 'services.open.opensInMinutes', params: { minutes } };
  const days = daysBetween(local(now).date, local(opens).date);
  const time = clockTime(opens, locale);
  if (days === 0) return { key: 'services.open.opensToday', params: { time } };
  if (days === 1) return { key: 'services.open.opensTomorrow', params: { time } };
  return { key: 'services.open.opensDay', params: { day: weekdayName(opens, locale), time } };
}

/** How recently the record was checked: "Verified 3 months ago", or a warning to call first. */
export function freshnessLabel(freshness: ServiceResult['freshness'], at: string | Date): ServiceLabel {
  if (!freshness.verified) return { key: 'services.freshness.unverified', params: {} };
  if (!freshness.assured_date) return { key: 'services.freshness.never', params: {} };
  if (freshness.stale) return { key: 'services.freshness.stale', params: { date: freshness.assured_date } };
  const days = Math.max(0, daysBetween(freshness.assured_date.slice(0, 10), local(new Date(at)).date));
  if (days === 0) return { key: 'services.freshness.verifiedToday', params: {} };
  if (days < 45) return { key: 'services.freshness.verifiedDays', params: { count: days } };
  const months = Math.round(days / 30.44);
  if (months <= 1) return { key: 'services.freshness.verifiedMonth', params: {} };
  return { key: 'services.freshness.verifiedMonths', params: { count: months } };
}

const METRES_PER_MILE = 1609.344;
const FEET_PER_METRE = 3.28084;

/** "0.3 mi away"; under a tenth of a mile in feet, rounded to 50 ft. Null without a distance. */
export function distanceLabel(distanceM: number | null): ServiceLabel | null {
  if (distanceM === null) return null;
  const miles = distanceM / METRES_PER_MILE;
  if (miles < 0.1) return { key: 'services.distance.feet', params: { feet: Math.max(50, Math.round((distanceM * FEET_PER_METRE) / 50) * 50) } };
  return { key: 'services.distance.miles', params: { miles: miles < 10 ? miles.toFixed(1) : String(Math.round(miles)) } };
}

/** Fills an English template. The web app may pass its own catalog with the same keys. */
export function renderServiceLabel(
  label: ServiceLabel,
  catalog: Readonly<Record<ServiceLabelKey, string>> = SERVICE_LABELS_EN,
): string {
  return catalog[label.key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(label.params[name] ?? ''));
}
