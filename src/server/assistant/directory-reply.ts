/**
 * The practical part of the guide's answers (issue 13 point 7): the steps when the person asks how
 * to do something, and the directory's services near them when they need a place — open ones
 * first, each with how to reach it now. When the place is not known yet, one question asks for it.
 *
 * Chat names a service as a link on its name ([name](url)) and writes numbers as published; voice
 * never reads a link, says numbers digit by digit, and offers to repeat. Everything shown comes
 * from the directory or a guide's sources, so nothing here can invent a contact.
 */
import type { AssistantChannel, AssistantTurn } from './assistant.ts';
import { freshnessLabel, openLabel, renderServiceLabel, distanceLabel } from '../../shared/service-labels.ts';
import type { Place, ServiceResult } from '../../shared/services-api.ts';
import type { CategoryId } from '../../shared/resource-directory.ts';
import type { TurnGrounding } from './grounding.ts';
import type { HowToGuide } from './how-to-guides.ts';

export interface PracticalInput {
  history: readonly AssistantTurn[];
  channel: AssistantChannel;
  grounding: TurnGrounding;
}

/** The question for the person's place; asked once per conversation. */
export const PLACE_QUESTION = 'What city, neighborhood or ZIP code are you in? Then I can look up what is near you.';
const PLACE_QUESTION_VOICE = 'What city or neighborhood are you in? Then I can look up what is near you.';
/** Every wording of the place question, so a later turn knows it was asked. */
export const PLACE_QUESTIONS: readonly string[] = [PLACE_QUESTION, PLACE_QUESTION_VOICE];
export const REPEAT_OFFER_VOICE = 'I can say any number again, slowly, or repeat what I said.';

const TONIGHT_OPENING = 'Here is where to try for a bed.';
const OPENINGS: Partial<Record<CategoryId, string>> = {
  housing: "Let's find you housing help nearby.",
  food: "Let's find you some food.",
  health: "Let's find you care nearby.",
  legal: "Let's find you legal help nearby.",
  employment: "Let's find you help with work and money nearby.",
  crisis: 'Here is help near you.',
};

const LISTING_INTROS: Partial<Record<CategoryId, string>> = {
  housing: 'for housing help',
  food: 'for food',
  health: 'for care',
  legal: 'for legal help',
  employment: 'for work and money',
  crisis: 'for safety and support',
};

const TONIGHT_ASK_FIRST = 'For a bed tonight, the fastest way is to dial 211: it answers day and night and knows which shelters have room.';
const ASK_PLACE_FIRST: Partial<Record<CategoryId, string>> = {
  housing: 'I can look for housing help near you.',
  food: 'I can look for food that is open today near you.',
  health: 'I can look for clinics near you.',
  legal: 'I can look for free legal help near you.',
  employment: 'I can look for job and money help near you.',
};

/** "Alameda County"; San Francisco is a city and county and goes by its name. */
function countyLabel(county: string): string {
  return county === 'San Francisco' ? 'San Francisco' : `${county} County`;
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

function placeLabel(place: Place): string {
  return place.kind === 'coordinates' ? 'you' : place.name;
}

/** "in Alameda County, near West Oakland": the county first, in words of our own, not theirs. */
function whereText(place: Place): string {
  const near = `near ${placeLabel(place)}`;
  if (!place.county) return near;
  const county = `in ${countyLabel(place.county)}`;
  return place.name === place.county ? county : `${county}, ${near}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function addressText(service: ServiceResult): string | null {
  const address = service.location?.address;
  if (!address) return service.area_wide ? 'By phone' : null;
  return `${address.address_1}, ${address.city}`;
}

function serviceLine(service: ServiceResult, at: Date, channel: AssistantChannel): string {
  const open = renderServiceLabel(openLabel(service.open, at));
  const address = addressText(service);
  const distance = distanceLabel(service.distance_m);
  const phone = service.phones[0]?.number ?? null;
  const trust = service.freshness.verified && !service.freshness.stale ? null : renderServiceLabel(freshnessLabel(service.freshness, at));
  if (channel === 'voice') {
    const parts = [`${service.name}: ${open}`];
    if (service.location?.address) parts.push(`at ${address}`);
    else if (service.area_wide) parts.push('by phone');
    let sentence = `${parts.join(', ')}.`;
    if (phone) sentence += ` The number is ${speakNumber(phone)}.`;
    if (trust) sentence += ' Please call before you go.';
    return sentence;
  }
  const details = [open];
  if (address) details.push(distance ? `${address} (${renderServiceLabel(distance)})` : address);
  if (phone) details.push(`Call ${phone}`);
  if (trust) details.push(trust);
  return `• ${link(service.name, service.url)}: ${details.join(' · ')}`;
}

/** The sources' own warnings (a test-data notice), each once, short. */
function alerts(services: readonly ServiceResult[]): string[] {
  const seen = new Set<string>();
  for (const service of services) {
    const alert = service.alert?.split(/;\s/)[0]?.trim();
    if (alert) seen.add(alert);
  }
  return [...seen].map((alert) => `Note: ${alert}.`.replace(/\.\.$/, '.'));
}

function servicesBlock(grounding: TurnGrounding, channel: AssistantChannel, need: CategoryId | 'guide'): string[] {
  const { services, place, at } = grounding;
  if (!place || services.length === 0) return [];
  const anyOpen = services.some((service) => service.open.status === 'open');
  const intro = need === 'guide' ? 'where to go' : grounding.urgentHousing ? 'for tonight' : (LISTING_INTROS[need] ?? 'nearby');
  const header = `${capitalize(whereText(place))}, ${intro}${anyOpen ? ' (open now first)' : ''}:`;
  if (channel === 'voice') {
    return [`${header.replace(/:$/, '.')} ${services.map((service) => serviceLine(service, at, channel)).join(' ')}`];
  }
  return [[header, ...services.map((service) => serviceLine(service, at, channel))].join('\n'), ...alerts(services)];
}

const reviewedDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function howToReply(guide: HowToGuide, grounding: TurnGrounding, channel: AssistantChannel): string {
  const county = grounding.place?.county ?? null;
  const countyNote = county ? guide.countyNames?.[county] : undefined;
  const intro = countyNote ? `${guide.intro} ${countyNote}` : guide.intro;
  const paragraphs: string[] = [];
  if (channel === 'voice') {
    const ordinals = ['First', 'Then', 'Next', 'After that', 'Finally'];
    const steps = guide.steps.map((step, index) => `${index === guide.steps.length - 1 && index > 1 ? 'Finally' : ordinals[index] ?? 'Then'}, ${lowerFirst(step)}`);
    paragraphs.push(speakNumbersIn(`${intro} ${steps.join(' ')}`));
    if (guide.bring.length > 0) paragraphs.push(`Bring ${joinList(guide.bring)}.`);
    const services = servicesBlock(grounding, channel, 'guide');
    if (services.length > 0) paragraphs.push(...services);
    else if (county) paragraphs.push(`In ${countyLabel(county)}, 211 can point you to help near you: dial ${speakNumber('211')}.`);
    paragraphs.push(`This comes from ${joinList(guide.sources.map((source) => source.name))}. ${REPEAT_OFFER_VOICE}`);
    return paragraphs.join('\n\n');
  }
  paragraphs.push(intro);
  paragraphs.push(guide.steps.map((step, index) => `${index + 1}. ${step}`).join('\n'));
  if (guide.bring.length > 0) paragraphs.push(`What to bring: ${guide.bring.join('; ')}.`);
  const services = servicesBlock(grounding, channel, 'guide');
  if (services.length > 0) paragraphs.push(...services);
  else if (county) paragraphs.push(`In ${countyLabel(county)}, 211 can point you to help near you: dial 211, day or night.`);
  else if (guide.where.length > 0) paragraphs.push(`Where: ${guide.where.join('; ')}.`);
  paragraphs.push(
    `Official source: ${guide.sources.map((source) => link(source.name, source.url)).join(', ')}. Last reviewed ${reviewedDate.format(new Date(guide.lastReviewed))}.`,
  );
  return paragraphs.join('\n\n');
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) && !/^(?:I|CalFresh|Medi-Cal|Social|California|BenefitsCal|GetCalFresh|EDD)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

function joinList(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

const PLACE_RETRY = "I couldn't find that place. Which city or ZIP code is closest to you?";

function lastAssistantAsked(history: readonly AssistantTurn[], ...texts: string[]): boolean {
  const last = [...history].reverse().find((turn) => turn.role === 'assistant');
  return last !== undefined && texts.some((text) => last.content.includes(text));
}

function placeAskedBefore(history: readonly AssistantTurn[]): boolean {
  return history.some((turn) => turn.role === 'assistant' && (turn.content.includes(PLACE_QUESTION) || turn.content.includes(PLACE_QUESTION_VOICE)));
}

/**
 * The practical reply, or null when the guide's usual reply fits better (no need the directory
 * answers, no directory, or the place was asked for already and not given).
 */
export function composePracticalReply(input: PracticalInput): string | null {
  const { grounding, channel } = input;
  if (grounding.guide) return howToReply(grounding.guide, grounding, channel);
  const need = grounding.needs[0];
  if (!grounding.canSearch || !need || !OPENINGS[need]) return null;
  // For safety, the national lines of the guide's usual reply come first; places only once known.
  if (need === 'crisis' && !grounding.place) return null;
  if (grounding.place) {
    const block = servicesBlock(grounding, channel, need);
    const opening = grounding.urgentHousing ? TONIGHT_OPENING : (OPENINGS[need] ?? '');
    if (block.length === 0) {
      // Nothing listed there: say so, and give the line that knows (never a guess).
      const dial = channel === 'voice' ? speakNumber('211') : '211';
      return `${opening}\n\nI don't have a listing for that ${whereText(grounding.place)} yet. 211 knows what is open there: dial ${dial}, day or night.`;
    }
    const paragraphs = [grounding.placeAnswered ? 'Thanks.' : opening, ...block];
    if (grounding.urgentHousing) {
      paragraphs.push(channel === 'voice' ? `If these are full, dial ${speakNumber('211')}, day or night.` : 'If these are full, dial 211, day or night.');
    }
    if (channel === 'voice') paragraphs.push(REPEAT_OFFER_VOICE);
    return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n');
  }
  if (placeAskedBefore(input.history)) {
    // They answered, but with nothing we can place ("somewhere in the East Bay"): ask once more.
    const answeredWithoutPlace = grounding.fromHistory && lastAssistantAsked(input.history, ...PLACE_QUESTIONS);
    if (answeredWithoutPlace && !lastAssistantAsked(input.history, PLACE_RETRY)) {
      return channel === 'voice' ? `${PLACE_RETRY} Or dial ${speakNumber('211')}, day or night.` : `${PLACE_RETRY} Or dial 211, day or night.`;
    }
    return null;
  }
  const first = (grounding.urgentHousing ? TONIGHT_ASK_FIRST : ASK_PLACE_FIRST[need]) ?? '';
  const text = channel === 'voice' ? speakNumbersIn(first) : first;
  return [text, channel === 'voice' ? PLACE_QUESTION_VOICE : PLACE_QUESTION].filter((part) => part !== '').join(' ');
}

const REPEAT = /\b(?:repeat|say (?:it|that|this|the numbers?) again|again,? (?:more )?slowly|slower|what was (?:the|that) number|didn'?t (?:catch|get) (?:it|that|the number))\b/i;

/** "Can you repeat the number slowly?": the numbers (voice) or the list (chat) of the last reply, again. */
export function composeRepeat(userText: string, history: readonly AssistantTurn[], channel: AssistantChannel): string | null {
  if (!REPEAT.test(userText)) return null;
  const previous = [...history].reverse().find((turn) => turn.role === 'assistant')?.content;
  if (!previous) return null;
  if (channel === 'voice') {
    const sentences = previous.split(/(?<=\.)\s+/);
    // "The number is …" belongs to the service named in the sentence before it.
    const numbered = sentences.flatMap((sentence, index) => {
      if (!/\d \d/.test(sentence)) return [];
      const name = sentence.startsWith('The number is') ? sentences[index - 1]?.split(':')[0] : undefined;
      return [name ? `${name}, the number is${sentence.slice('The number is'.length)}` : sentence];
    });
    const numbers = numbered.length > 0 ? numbered.join(' ') : previous;
    return `Of course. ${numbers.replace(/, (?=\d)/g, '... ')}`;
  }
  const lines = previous.split('\n').filter((line) => /^(?:• |\d+\. )/.test(line));
  return lines.length > 0 ? `Of course, here it is again:\n${lines.join('\n')}` : previous;
}

/** After the fixed crisis reply: help open near the person, when their place is known. No question. */
export function localHelpAfterCrisis(grounding: TurnGrounding, channel: AssistantChannel): string | null {
  if (grounding.needs[0] !== 'crisis' || grounding.fromHistory) return null;
  const block = servicesBlock(grounding, channel, 'crisis');
  return block.length > 0 ? block.join('\n\n') : null;
}
