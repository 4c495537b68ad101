/**
 * What Ellis says on the phone line, and how a reply written for the screen is turned into one for
 * the ear: no links, no "see above", numbers read digit by digit, one option at a time, and an
 * offer to repeat. The telephone line is English for now (the safety layer's replies in other
 * languages pass through with only the digit and link rules applied).
 */
import type { ReplyShaper } from '../voice/reply-speaker.ts';

/** Short, with the AI disclosure (DESIGN §7.4), the privacy promise and the way to a person. */
export const PHONE_GREETING =
  "Hi, this is Ellis, an AI assistant, not a person. This call is not recorded. To talk to a person at any time, press 0. What's going on for you today?";

/** Said (then the line hangs up) when every call slot is busy. */
export const PHONE_LINE_FULL =
  'Sorry, Ellis is helping too many callers right now. For help finding food, shelter and other services, please hang up and call 2 1 1, any time, day or night. If you are in danger, call 9 1 1.';

/** Said before the reply when the safety layer finds immediate danger (a transfer to 911 is not allowed). */
export const PHONE_IMMEDIATE_DANGER = 'If you are in danger right now, please hang up and call 9 1 1.';

/** Added after a crisis reply: the Lifeline is one key away. */
export const PHONE_CRISIS_OFFER = "If you'd like to talk with a counselor now, press 0 and I'll connect you to the 9 8 8 Lifeline.";

export const PHONE_REPEAT_OFFER = 'To hear that again, say repeat.';
export const PHONE_NOTHING_TO_REPEAT = "I haven't said anything to repeat yet. What can I help you with?";
export const PHONE_NO_MORE_OPTIONS = "That's all the options I have for that. What else can I help you with?";

export function phoneMoreOptionsOffer(left: number): string {
  return left === 1
    ? 'I have one more option. To hear it, say next. To hear that again, say repeat.'
    : `I have ${left} more options. To hear the next one, say next. To hear that again, say repeat.`;
}

export type HandoffTarget = { kind: '211' } | { kind: '988' } | { kind: 'human'; number: string };

/** Ellis says where it connects the caller before the transfer (a warm handoff). */
export function handoffAnnouncement(target: HandoffTarget): string {
  switch (target.kind) {
    case '988':
      return "I'm connecting you to the 9 8 8 Suicide and Crisis Lifeline now, where a trained counselor can talk with you. Please stay on the line.";
    case '211':
      return "I'm connecting you to 2 1 1 now, where a person can help you find services. Please stay on the line.";
    case 'human':
      return "I'm connecting you to a person who can help. Please stay on the line.";
  }
}

const DIGIT_RUN = /(?<![\d$.,:])(\d[\d\s().-]*\d)(?![\d:])/g;
const PHONE_NUMBER = /^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/**
 * Numbers of three digits or more are read one digit at a time ("2 1 1", "7 4 1 7 4 1"), a phone
 * number in its groups with a pause between them. Prices, times and small counts stay as they are.
 */
export function spokenDigits(text: string): string {
  return text.replace(DIGIT_RUN, (run: string) => {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 3) return run;
    if (PHONE_NUMBER.test(run.trim())) {
      const national = digits.length === 11 ? digits.slice(1) : digits;
      const groups = [national.slice(0, 3), national.slice(3, 6), national.slice(6)];
      return `${digits.length === 11 ? '1, ' : ''}${groups.map((group) => group.split('').join(' ')).join(', ')}`;
    }
    // A run with spaces or dashes inside (two numbers side by side) keeps its groups apart; one
    // already read out digit by digit ("9 1 1") stays as it is.
    const parts = run.split(/[\s().-]+/).filter((part) => part !== '');
    if (parts.every((part) => part.length < 3)) return run;
    return parts.map((part) => (part.length >= 3 ? part.split('').join(' ') : part)).join(', ');
  });
}

const LINK =
  /(?:,\s*)?(?:\b(?:at|on|from|visit)\s+)?(?:https?:\/\/[^\s)]+|www\.[^\s)]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:org|com|gov|net|edu|us|info)\b(?:\/[^\s)]*)?)/gi;

/** One sentence of a reply as it should be heard on the phone. */
export function forTheEar(sentence: string): string {
  let text = sentence
    // Markdown links keep their words; formatting marks are not read out.
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, '')
    .replace(LINK, (link: string) => (/^\W*visit\b/i.test(link) ? ' visit them online' : ' online'))
    .replace(/\(\s*(?:see|listed)?\s*(?:above|below)\s*\)/gi, '')
    .replace(/\b(?:listed|shown|mentioned) (?:above|below)\b/gi, 'I mentioned')
    .replace(/\b(options?|resources?|links?|numbers?|places?|services?) (?:above|below)\b/gi, '$1 I mentioned')
    .replace(/\bsee (?:above|below)\b/gi, '')
    .replace(/\bcall 911\b/gi, 'hang up and call 911')
    .replace(/\((?=\d{3}\))/g, '');
  text = spokenDigits(text);
  return text
    .replace(/\s+([.,!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const LIST_MARKER = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/** What one reply left for the caller to ask about: its words (to repeat) and options not yet read. */
export interface ShapedReply {
  spoken: string[];
  moreOptions: string[];
}

/**
 * Shapes one reply for the phone: each sentence for the ear; of a list, only the first item is read
 * and the rest wait for "next"; at the end, an offer to repeat when the reply held a number or a
 * list (things a caller may want to write down).
 */
export class PhoneReplyShaper implements ReplyShaper {
  readonly #spoken: string[] = [];
  readonly #moreOptions: string[] = [];
  readonly #closing: () => string | null;
  readonly #onDone: (reply: ShapedReply) => void;
  #sawList = false;
  #sawNumber = false;

  constructor(options: { closing: () => string | null; onDone: (reply: ShapedReply) => void }) {
    this.#closing = options.closing;
    this.#onDone = options.onDone;
  }

  sentence(text: string): string {
    const isItem = LIST_MARKER.test(text);
    const spoken = forTheEar(text.replace(LIST_MARKER, ''));
    if (spoken === '') return '';
    if (isItem) {
      if (this.#sawList) {
        this.#moreOptions.push(spoken);
        return '';
      }
      this.#sawList = true;
    }
    if (/\d/.test(text)) this.#sawNumber = true;
    this.#spoken.push(spoken);
    return spoken;
  }

  finish(): string {
    const parts: string[] = [];
    const closing = this.#closing();
    if (closing) parts.push(closing);
    if (this.#moreOptions.length > 0) parts.push(phoneMoreOptionsOffer(this.#moreOptions.length));
    else if (this.#sawList || this.#sawNumber) parts.push(PHONE_REPEAT_OFFER);
    this.#onDone({ spoken: [...this.#spoken], moreOptions: [...this.#moreOptions] });
    return parts.join(' ');
  }
}

const ASKS_FOR_PERSON =
  /\b(?:(?:talk|speak|connect me|put me through|transfer me)\b.{0,20}\b(?:person|human|someone|somebody|people|agent|operator|representative|counselor|a real)|(?:real|live) (?:person|human)|operator|representative|human being)\b/i;
const ASKS_TO_REPEAT = /^(?:(?:please|can you|could you|say that|say it)\s*)*(?:repeat(?: that| it)?|say (?:that|it) again|again|what did you say|come again)\W*(?:please)?\W*$/i;
const ASKS_FOR_NEXT = /^(?:(?:the )?next(?: one| option)?|more(?: options)?|another(?: one)?|what else)\W*(?:please)?\W*$/i;

export function asksForPerson(text: string): boolean {
  return ASKS_FOR_PERSON.test(text);
}

export function asksToRepeat(text: string): boolean {
  return ASKS_TO_REPEAT.test(text.trim());
}

export function asksForNext(text: string): boolean {
  return ASKS_FOR_NEXT.test(text.trim());
}
