/**
 * Crisis lines: the numbers shown at the top of /resources and sent with the assistant's crisis
 * reply (DESIGN §7.1). Only long-published national numbers are listed here; never add a number
 * that is not printed on the service's own website.
 */

export type CrisisLineId =
  | '988'
  | '911'
  | 'crisis-text-line'
  | 'domestic-violence'
  | 'trafficking'
  | 'sexual-assault'
  | 'child-abuse'
  | 'poison-control';

export interface CrisisLine {
  id: CrisisLineId;
  name: string;
  /** Number to call, written as the service publishes it. */
  phone?: string;
  /** Number (short code) to text. */
  sms?: string;
  /** Keyword the service asks people to text first. */
  smsBody?: string;
  /** The service's own website. */
  url?: string;
  /** Where the number and link come from. */
  source: string;
}

export const crisisLines: readonly CrisisLine[] = [
  {
    id: '988',
    name: '988 Suicide & Crisis Lifeline',
    phone: '988',
    sms: '988',
    url: 'https://988lifeline.org',
    source:
      '988lifeline.org. 988 has been the US number of the Suicide & Crisis Lifeline (call or text, 24/7) since July 2022. ' +
      'In Spanish: press 2 when calling (988lifeline.org, its Spanish page); other languages through interpreters on the call ' +
      '(988lifeline.org says interpretation in over 240 languages; 911 centers use telephone interpreters too — to be confirmed by the crisis reviewers, docs/translations.md). The safety replies in es/zh/tl/vi rely on this.',
  },
  {
    id: '911',
    name: '911 Emergency',
    phone: '911',
    source: 'The US emergency number for police, fire and ambulance.',
  },
  {
    id: 'crisis-text-line',
    name: 'Crisis Text Line',
    sms: '741741',
    smsBody: 'HOME',
    url: 'https://www.crisistextline.org',
    source: 'crisistextline.org: "Text HOME to 741741" (24/7, US).',
  },
  {
    id: 'domestic-violence',
    name: 'National Domestic Violence Hotline',
    phone: '1-800-799-7233',
    sms: '88788',
    smsBody: 'START',
    url: 'https://www.thehotline.org',
    source: 'thehotline.org: call 1-800-799-7233 or text START to 88788 (24/7, free, confidential).',
  },
];

/**
 * Lines for one kind of danger, sent with the crisis reply for that kind: not part of
 * the general strip on /resources, which stays short. Same rule: long-published national numbers
 * only, each with where it is published.
 */
export const specialistCrisisLines: readonly CrisisLine[] = [
  {
    id: 'trafficking',
    name: 'National Human Trafficking Hotline',
    phone: '1-888-373-7888',
    sms: '233733',
    url: 'https://humantraffickinghotline.org',
    source: 'humantraffickinghotline.org: call 1-888-373-7888 or text 233733 (24/7, confidential, many languages).',
  },
  {
    id: 'sexual-assault',
    name: 'National Sexual Assault Hotline (RAINN)',
    phone: '1-800-656-4673',
    url: 'https://www.rainn.org',
    source: 'rainn.org: call 800.656.HOPE (4673), 24/7, free and confidential.',
  },
  {
    id: 'child-abuse',
    name: 'Childhelp National Child Abuse Hotline',
    phone: '1-800-422-4453',
    url: 'https://www.childhelphotline.org',
    source: 'childhelphotline.org: call or text 1-800-422-4453 (1-800-4-A-CHILD), 24/7, interpreters available.',
  },
  {
    id: 'poison-control',
    name: 'Poison Control',
    phone: '1-800-222-1222',
    url: 'https://www.poison.org',
    source: 'poison.org and poisonhelp.hrsa.gov: the national Poison Help line 1-800-222-1222, 24/7, free, interpreters available.',
  },
];

/** Digits of a published number, for dialling: "1-800-799-7233" → "18007997233". */
export function dialDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A tel: link for a published number. */
export function telHref(phone: string): string {
  return `tel:${dialDigits(phone)}`;
}

/**
 * An sms: link, with the keyword pre-filled when there is one. "sms:NUMBER?&body=…" is the form
 * both iOS and Android messaging apps accept.
 */
export function smsHref(number: string, body?: string): string {
  const base = `sms:${dialDigits(number)}`;
  return body ? `${base}?&body=${encodeURIComponent(body)}` : base;
}

export function findCrisisLine(id: CrisisLineId): CrisisLine {
  const line = crisisLines.find((candidate) => candidate.id === id) ?? specialistCrisisLines.find((candidate) => candidate.id === id);
  if (!line) throw new Error(`Unknown crisis line ${id}`);
  return line;
}
