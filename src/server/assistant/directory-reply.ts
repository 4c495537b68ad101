/**
 * The practical part of the guide's answers: the steps when the person asks how
 * to do something, and the directory's services near them when they need a place — open ones
 * first, each with how to reach it now. When the place is not known yet, one question asks for it.
 *
 * Chat names a service as a link on its name ([name](url)) and writes numbers as published; voice
 * never reads a link, says numbers digit by digit, and offers to repeat. Everything shown comes
 * from the directory or a guide's sources, so nothing here can invent a contact.
 */
import type { AssistantChannel, AssistantTurn } from './assistant.ts';
import { freshnessLabel, openLabel, renderServiceLabel, distanceLabel, type ServiceLabel } from '../../shared/service-labels.ts';
import type { Place, ServiceResult } from '../../shared/services-api.ts';
import type { CategoryId } from '../../shared/resource-directory.ts';
import { INTL_LOCALE } from '../../shared/locales.ts';
import { SITE_LOCALES, type SiteLocale } from '../../shared/site-locales.ts';
import { fill, GUIDE_WORDING, guideWording, type GuideWording } from './guide-wording.ts';
import type { TurnGrounding } from './grounding.ts';
import { localizedGuide, type HowToGuide } from './how-to-guides.ts';

export interface PracticalInput {
  history: readonly AssistantTurn[];
  channel: AssistantChannel;
  grounding: TurnGrounding;
  /** The language of the reply; English when absent. */
  locale?: SiteLocale;
}

/** Every wording of the place question (asked once per conversation) in every language, so a later turn knows it was asked. */
export const PLACE_QUESTIONS: readonly string[] = SITE_LOCALES.flatMap((locale) => [
  GUIDE_WORDING[locale].directory.placeQuestion,
  GUIDE_WORDING[locale].directory.placeQuestionVoice,
]);

type Words = GuideWording['directory'];

/** "Alameda County"; San Francisco is a city and county and goes by its name. */
function countyLabel(county: string, words: Words): string {
  return county === 'San Francisco' ? 'San Francisco' : fill(words.county, { county });
}

/** "5 1 0, 5 5 5, 1 2 3 4": a number a listener can write down. */
export function speakNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const groups = national.length === 10 ? [national.slice(0, 3), national.slice(3, 6), national.slice(6)] : [national];
  const prefix = digits.length === 11 ? '1, ' : '';
  return prefix + groups.map((group) => group.split('').join(' ')).join(', ');
}

const PHONE_IN_TEXT = /(?<![\w-])(?:1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?![\w-])|(?<![\d-])\b(?:[2-9]11|988)\b(?![\d-])/g;

/** Voice: every phone number in a text (and 211, 311, 911, 988), digit by digit; other numbers stay. */
export function speakNumbersIn(text: string): string {
  return text.replace(PHONE_IN_TEXT, (number) => speakNumber(number));
}

function link(name: string, url: string | null | undefined): string {
  return url ? `[${name}](${url})` : name;
}

function placeLabel(place: Place, words: Words): string {
  return place.kind === 'coordinates' ? words.nearYou : place.name;
}

/** "in Alameda County, near West Oakland": the county first, in words of our own, not theirs. */
function whereText(place: Place, words: Words): string {
  const near = fill(words.near, { place: placeLabel(place, words) });
  if (!place.county) return near;
  const county = fill(words.inCounty, { county: countyLabel(place.county, words) });
  return place.name === place.county ? county : fill(words.whereCountyNear, { county, near });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function addressText(service: ServiceResult, words: Words): string | null {
  const address = service.location?.address;
  if (!address) return service.area_wide ? words.byPhone : null;
  return `${address.address_1}, ${address.city}`;
}

function serviceLine(service: ServiceResult, at: Date, channel: AssistantChannel, wording: GuideWording, locale: SiteLocale): string {
  const words = wording.directory;
  const label = (value: ServiceLabel) => renderServiceLabel(value, wording.serviceLabels);
  const open = label(openLabel(service.open, at, locale));
  const address = addressText(service, words);
  const distance = distanceLabel(service.distance_m);
  const phone = service.phones[0]?.number ?? null;
  const trust = service.freshness.verified && !service.freshness.stale ? null : label(freshnessLabel(service.freshness, at));
  if (channel === 'voice') {
    const parts = [`${service.name}: ${open}`];
    if (service.location?.address) parts.push(fill(words.voiceAt, { address: address ?? '' }));
    else if (service.area_wide) parts.push(words.voiceByPhone);
    let sentence = `${parts.join(wording.listSeparator)}${wording.fullStop}`;
    if (phone) sentence += `${wording.sentenceSpace}${fill(words.voiceNumber, { number: speakNumber(phone) })}`;
    if (trust) sentence += `${wording.sentenceSpace}${words.voiceCallFirst}`;
    return sentence;
  }
  const details = [open];
  if (address) details.push(distance ? `${address} (${label(distance)})` : address);
  if (phone) details.push(fill(words.call, { phone }));
  if (trust) details.push(trust);
  return `• ${link(service.name, service.url)}: ${details.join(' · ')}`;
}

/** The sources' own warnings (a test-data notice), each once, short. */
function alerts(services: readonly ServiceResult[], words: Words): string[] {
  const seen = new Set<string>();
  for (const service of services) {
    const alert = service.alert?.split(/;\s/)[0]?.trim();
    if (alert) seen.add(alert);
  }
  // The alert is the source's own words, shown as written; only its closing stop gives way to ours.
  return [...seen].map((alert) => fill(words.note, { alert: alert.replace(/[.。]+$/, '') }));
}

function servicesBlock(grounding: TurnGrounding, channel: AssistantChannel, need: CategoryId | 'guide', locale: SiteLocale): string[] {
  const { services, place, at } = grounding;
  if (!place || services.length === 0) return [];
  const wording = guideWording(locale);
  const words = wording.directory;
  const anyOpen = services.some((service) => service.open.status === 'open');
  const intro = need === 'guide' ? words.introGuide : grounding.urgentHousing ? words.introTonight : (words.listingIntros[need] ?? words.introNearby);
  const header = fill(words.header, { where: capitalize(whereText(place, words)), intro, openFirst: anyOpen ? words.openNowFirst : '' });
  const lines = services.map((service) => serviceLine(service, at, channel, wording, locale));
  if (channel === 'voice') {
    return [`${header.replace(/[:：]$/, wording.fullStop)}${wording.sentenceSpace}${lines.join(wording.sentenceSpace)}`];
  }
  return [[header, ...lines].join('\n'), ...alerts(services, words)];
}

function reviewedDate(date: string, locale: SiteLocale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(date));
}

function howToReply(original: HowToGuide, grounding: TurnGrounding, channel: AssistantChannel, locale: SiteLocale): string {
  const guide = localizedGuide(original, locale);
  const wording = guideWording(locale);
  const words = wording.directory;
  const space = wording.sentenceSpace;
  const county = grounding.place?.county ?? null;
  const countyNote = county ? guide.countyNames?.[county] : undefined;
  const intro = countyNote ? `${guide.intro}${space}${countyNote}` : guide.intro;
  const list = (items: readonly string[]) => joinList(items, wording);
  const sources = guide.sources.map((source) => source.name);
  const paragraphs: string[] = [];
  if (channel === 'voice') {
    const ordinals = words.howToOrdinals;
    const ordinal = (index: number) => (index === guide.steps.length - 1 && index > 1 ? ordinals[4] : (ordinals[index] ?? ordinals[1])) ?? '';
    const steps = guide.steps.map((step, index) => fill(words.howToStepVoice, { ordinal: ordinal(index), step: locale === 'en' ? lowerFirst(step) : step }));
    paragraphs.push(speakNumbersIn(`${intro}${space}${steps.join(space)}`));
    if (guide.bring.length > 0) paragraphs.push(fill(words.howToBringVoice, { items: list(guide.bring) }));
    const services = servicesBlock(grounding, channel, 'guide', locale);
    if (services.length > 0) paragraphs.push(...services);
    else if (county) paragraphs.push(fill(words.howToCountyHelpVoice, { county: countyLabel(county, words), dial: speakNumber('211') }));
    paragraphs.push(`${fill(words.howToSourceVoice, { sources: list(sources) })}${space}${words.repeatOfferVoice}`);
    return paragraphs.join('\n\n');
  }
  paragraphs.push(intro);
  paragraphs.push(guide.steps.map((step, index) => `${index + 1}. ${step}`).join('\n'));
  if (guide.bring.length > 0) paragraphs.push(fill(words.howToBring, { items: guide.bring.join(words.itemSeparator) }));
  const services = servicesBlock(grounding, channel, 'guide', locale);
  if (services.length > 0) paragraphs.push(...services);
  else if (county) paragraphs.push(fill(words.howToCountyHelp, { county: countyLabel(county, words) }));
  else if (guide.where.length > 0) paragraphs.push(fill(words.howToWhere, { items: guide.where.join(words.itemSeparator) }));
  paragraphs.push(
    fill(words.howToSource, {
      sources: guide.sources.map((source) => link(source.name, source.url)).join(wording.listSeparator),
      date: reviewedDate(guide.lastReviewed, locale),
    }),
  );
  return paragraphs.join('\n\n');
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) && !/^(?:I|CalFresh|Medi-Cal|Social|California|BenefitsCal|GetCalFresh|EDD)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

function joinList(items: readonly string[], wording: GuideWording): string {
  return items.length > 1 ? `${items.slice(0, -1).join(wording.listSeparator)} ${wording.and} ${items.at(-1)}` : (items[0] ?? '');
}

function lastAssistantAsked(history: readonly AssistantTurn[], ...texts: string[]): boolean {
  const last = [...history].reverse().find((turn) => turn.role === 'assistant');
  return last !== undefined && texts.some((text) => last.content.includes(text));
}

function placeAskedBefore(history: readonly AssistantTurn[]): boolean {
  return history.some((turn) => turn.role === 'assistant' && PLACE_QUESTIONS.some((question) => turn.content.includes(question)));
}

const PLACE_RETRIES: readonly string[] = SITE_LOCALES.map((locale) => GUIDE_WORDING[locale].directory.placeRetry);

/**
 * The practical reply, or null when the guide's usual reply fits better (no need the directory
 * answers, no directory, or the place was asked for already and not given).
 */
export function composePracticalReply(input: PracticalInput): string | null {
  const { grounding, channel } = input;
  const locale = input.locale ?? 'en';
  const wording = guideWording(locale);
  const words = wording.directory;
  const space = wording.sentenceSpace;
  if (grounding.guide) return howToReply(grounding.guide, grounding, channel, locale);
  const need = grounding.needs[0];
  if (!grounding.canSearch || !need || !words.openings[need]) return null;
  // For safety, the national lines of the guide's usual reply come first; places only once known.
  if (need === 'crisis' && !grounding.place) return null;
  const dial = channel === 'voice' ? speakNumber('211') : '211';
  if (grounding.place) {
    const block = servicesBlock(grounding, channel, need, locale);
    const opening = grounding.urgentHousing ? words.tonightOpening : (words.openings[need] ?? '');
    if (block.length === 0) {
      // Nothing listed there: say so, and give the line that knows (never a guess).
      return `${opening}\n\n${fill(words.noListing, { where: whereText(grounding.place, words), dial })}`;
    }
    const paragraphs = [grounding.placeAnswered ? words.placeThanks : opening, ...block];
    if (grounding.urgentHousing) paragraphs.push(fill(words.ifFull, { dial }));
    if (channel === 'voice') paragraphs.push(words.repeatOfferVoice);
    return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n');
  }
  if (placeAskedBefore(input.history)) {
    // They answered, but with nothing we can place ("somewhere in the East Bay"): ask once more.
    const answeredWithoutPlace = grounding.fromHistory && lastAssistantAsked(input.history, ...PLACE_QUESTIONS);
    if (answeredWithoutPlace && !lastAssistantAsked(input.history, ...PLACE_RETRIES)) {
      return `${words.placeRetry}${space}${fill(words.placeRetryOr, { dial })}`;
    }
    return null;
  }
  const first = (grounding.urgentHousing ? words.tonightAskFirst : words.askPlaceFirst[need]) ?? '';
  const text = channel === 'voice' ? speakNumbersIn(first) : first;
  return [text, channel === 'voice' ? words.placeQuestionVoice : words.placeQuestion].filter((part) => part !== '').join(space);
}

const REPEAT = /\b(?:repeat|say (?:it|that|this|the numbers?) again|again,? (?:more )?slowly|slower|what was (?:the|that) number|didn'?t (?:catch|get) (?:it|that|the number)|repite|repetir|otra vez|mas despacio|ulitin|pakiulit|nhac lai|noi lai)\b|再講|再說|再说|重複|重复/i;

/** "Can you repeat the number slowly?": the numbers (voice) or the list (chat) of the last reply, again. */
export function composeRepeat(userText: string, history: readonly AssistantTurn[], channel: AssistantChannel, locale: SiteLocale = 'en'): string | null {
  if (!REPEAT.test(userText)) return null;
  const previous = [...history].reverse().find((turn) => turn.role === 'assistant')?.content;
  if (!previous) return null;
  const words = guideWording(locale).directory;
  if (channel === 'voice') {
    const numberIs = words.voiceNumber.split('{number}')[0] ?? '';
    const sentences = previous.split(/(?<=\.)\s+|(?<=。)/);
    // "The number is …" belongs to the service named in the sentence before it.
    const numbered = sentences.flatMap((sentence, index) => {
      if (!/\d \d/.test(sentence)) return [];
      const name = numberIs !== '' && sentence.startsWith(numberIs) ? sentences[index - 1]?.split(':')[0] : undefined;
      return [name ? `${name}, ${lowerFirst(numberIs)}${sentence.slice(numberIs.length)}` : sentence];
    });
    const numbers = numbered.length > 0 ? numbered.join(' ') : previous;
    return fill(words.repeatVoice, { numbers: numbers.replace(/, (?=\d)/g, '... ') });
  }
  const lines = previous.split('\n').filter((line) => /^(?:• |\d+\. )/.test(line));
  return lines.length > 0 ? `${words.repeatChat}\n${lines.join('\n')}` : previous;
}

/** After the fixed crisis reply: help open near the person, when their place is known. No question. */
export function localHelpAfterCrisis(grounding: TurnGrounding, channel: AssistantChannel, locale: SiteLocale = 'en'): string | null {
  if (grounding.needs[0] !== 'crisis' || grounding.fromHistory) return null;
  const block = servicesBlock(grounding, channel, 'crisis', locale);
  return block.length > 0 ? block.join('\n\n') : null;
}
