/**
 * The output guard (DESIGN §7.2): model text may only contain the phone numbers and links of the
 * directory, the crisis lines and the configuration. Anything else — a number or link the model
 * made up or half-remembered — is replaced by a visible marker, so the reader knows something was
 * taken out and is never sent to a wrong number.
 *
 * It works on a stream: text is released as it arrives, except a trailing piece that may still
 * grow into a number or a link ("call 415-55…", "www.exam…"), which is held until it can decide.
 */
import { crisisLines, dialDigits } from '../../shared/crisis-lines.ts';
import { FALLBACK_PHONE_NUMBER } from '../../shared/public-config.ts';
import { directoryContacts } from '../../shared/resource-directory.ts';
import type { ServiceResult } from '../../shared/services-api.ts';
import { guideContacts } from './how-to-guides.ts';

export const REMOVED_NUMBER_TEXT = '[number removed]';
export const REMOVED_LINK_TEXT = '[link removed]';

export interface AllowedContacts {
  urls: readonly string[];
  /** Digits of allowed numbers, as dialled (1-800-799-7233 → 18007997233). */
  phoneDigits: readonly string[];
}

/** Everything a reply may contain: the directory, the guides' sources, the crisis lines, 211 and Ellis's own number. */
export function allowedContacts(site: { phoneNumber: string | null }): AllowedContacts {
  const directory = directoryContacts();
  const urls = new Set(directory.urls);
  const phoneDigits = new Set(directory.phoneDigits);
  for (const line of crisisLines) {
    if (line.url) urls.add(line.url);
    if (line.phone) phoneDigits.add(dialDigits(line.phone));
    if (line.sms) phoneDigits.add(dialDigits(line.sms));
  }
  const guides = guideContacts();
  for (const url of guides.urls) urls.add(url);
  for (const phone of guides.phones) phoneDigits.add(dialDigits(phone));
  phoneDigits.add(FALLBACK_PHONE_NUMBER);
  if (site.phoneNumber) phoneDigits.add(dialDigits(site.phoneNumber));
  return { urls: [...urls], phoneDigits: [...phoneDigits] };
}

/**
 * The contacts of the services directory entries given to the model for this turn: it may repeat
 * those, and no other entry's (it was not shown them, so anything else would be a guess).
 */
export function withServiceContacts(allowed: AllowedContacts, services: readonly ServiceResult[]): AllowedContacts {
  if (services.length === 0) return allowed;
  const urls = new Set(allowed.urls);
  const phoneDigits = new Set(allowed.phoneDigits);
  for (const service of services) {
    if (service.url && globalThis.URL.canParse(service.url)) urls.add(service.url);
    for (const phone of service.phones) phoneDigits.add(dialDigits(phone.number));
  }
  return { urls: [...urls], phoneDigits: [...phoneDigits] };
}

const TLD = '(?:com|org|net|gov|edu|us|io|info|co|app|ai|ly|me|biz|mil|int|ca|mx|uk|de|fr|es|tv|xyz|site|online)';
const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const URL = String.raw`(?:https?:\/\/|www\.)[^\s<>"'\])]+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.${TLD}\b(?:\/[^\s<>"'\])]*)?`;
const PHONE = [
  // North American, with or without country code and separators: (415) 555-0123, 1-800-799-7233, +1 415 555 0123.
  String.raw`(?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?![\w])`,
  // Letters for digits: 1-800-950-NAMI.
  String.raw`(?<![\w+])(?:1[\s.-]?)?8(?:00|33|44|55|66|77|88)[\s.-]?[a-z0-9]{3}[\s.-]?[a-z]{4}(?![\w])`,
  // International: +44 20 7946 0958.
  String.raw`\+\d{1,3}(?:[\s.-]?\d){6,13}(?!\d)`,
  // Local seven digits: 555-0123.
  String.raw`(?<![\w.-])\d{3}[\s.-]\d{4}(?![\w-])`,
].join('|');

const CONTACT = new RegExp(`(${EMAIL})|(${URL})|(${PHONE})`, 'gi');

const KEYPAD: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyz'].map((letter) => [letter, String('22233344455566677778889999'[letter.charCodeAt(0) - 97])]),
);

function phoneKey(number: string): string {
  const digits = number.toLowerCase().replace(/[a-z]/g, (letter) => KEYPAD[letter] ?? '').replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

function urlKey(url: string): string {
  return url
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

/** Strips sentence punctuation that ends a link ("visit https://x.org.") and gives it back separately. */
function splitTrailingPunctuation(url: string): [string, string] {
  const match = /[.,;:!?*_~]+$/.exec(url);
  return match ? [url.slice(0, match.index), match[0]] : [url, ''];
}

export function createContactFilter(allowed: AllowedContacts): (text: string) => string {
  const urlKeys = new Set<string>();
  for (const url of allowed.urls) {
    urlKeys.add(urlKey(url));
    // The bare site ("211bayarea.org") is as safe as the listed page on it.
    urlKeys.add(urlKey(new globalThis.URL(url).host));
  }
  const phoneKeys = new Set(allowed.phoneDigits.map(phoneKey));
  return (text) =>
    text.replace(CONTACT, (match, email: string | undefined, url: string | undefined) => {
      if (email) return REMOVED_LINK_TEXT;
      if (url) {
        const [link, punctuation] = splitTrailingPunctuation(url);
        return urlKeys.has(urlKey(link)) ? match : `${REMOVED_LINK_TEXT}${punctuation}`;
      }
      return phoneKeys.has(phoneKey(match)) ? match : REMOVED_NUMBER_TEXT;
    });
}

const PHONE_TAIL = /[+(]?\d[\d\s().-]*$/;

/**
 * Where the text can safely be cut: before the last unfinished word (it may be a link still
 * arriving) and before a trailing run of digits and separators (a number still arriving).
 */
function safeCut(buffer: string): number {
  let cut = buffer.length;
  const lastSpace = Math.max(buffer.lastIndexOf(' '), buffer.lastIndexOf('\n'), buffer.lastIndexOf('\t'));
  if (lastSpace < buffer.length - 1) cut = lastSpace + 1;
  const run = PHONE_TAIL.exec(buffer);
  if (run) cut = Math.min(cut, run.index);
  // A number may continue across the space before the held word: "+1 (650) 555-01".
  const before = PHONE_TAIL.exec(buffer.slice(0, cut));
  if (before && /^[\d(+]/.test(buffer.slice(cut))) cut = before.index;
  return cut;
}

export interface StreamingOutputGuard {
  /** Takes the next piece of model text; returns what may be shown now (possibly ''). */
  push(text: string): string;
  /** The end of the reply: returns whatever was held back, filtered. */
  flush(): string;
}

export function createStreamingOutputGuard(allowed: AllowedContacts): StreamingOutputGuard {
  const filter = createContactFilter(allowed);
  let held = '';
  return {
    push(text) {
      held += text;
      const cut = safeCut(held);
      const ready = held.slice(0, cut);
      held = held.slice(cut);
      return ready === '' ? '' : filter(ready);
    },
    flush() {
      const rest = held;
      held = '';
      return rest === '' ? '' : filter(rest);
    },
  };
}
