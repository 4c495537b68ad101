/**
 * The guide (DESIGN §7.3): Ellis's built-in engine, used when no model is configured and as the
 * fallback when a model fails. No model and no network: it reflects what the person said in their
 * own words, offers one to three matching directory entries, and asks one gentle question.
 *
 * Variation is deterministic (seeded by the conversation and the message), so a test can pin a
 * reply, while two people — or the same person twice — do not get identical wording.
 */
import type { AssistantChannel, AssistantTurn } from './assistant.ts';
import type { RiskVerdict } from './safety/risk.ts';
// The classifier's mulberry32: a tiny seeded generator, plenty for choosing between phrasings.
import { seededRandom } from './safety/classifier/corpus.ts';
import { normalizeText } from './text.ts';
import { generalHelpResource, type GroundedResource, type Grounding, type TurnGrounding } from './grounding.ts';
import { composePracticalReply, composeRepeat, localHelpAfterCrisis, speakNumbersIn } from './directory-reply.ts';
import { ANSWERED_BY, fill, guideWording, type FeelingId, type GuideWording, type WordingQuestion } from './guide-wording.ts';
import { localeOfLanguage, replyLocale } from './reply-language.ts';
import { SF_SERVICE_GUIDE_ORIGIN, type CategoryId } from '../../shared/resource-directory.ts';
import type { SiteLocale } from '../../shared/site-locales.ts';

export interface GuideInput {
  userText: string;
  history: readonly AssistantTurn[];
  /** With the place, guide and services of the turn when the directory was consulted. */
  grounding: Grounding | TurnGrounding;
  channel: AssistantChannel;
  /** Set when the fixed crisis reply was already shown this turn: the guide then only adds resources for other needs. */
  crisis: RiskVerdict | null;
  /** The language to answer in (reply-language.ts); absent, the message's own or the crisis reply's. */
  locale?: SiteLocale;
}

type Need = CategoryId | 'none';

/** Feelings named in the person's words, each answered by the wording file's sentence of that id. */
const FEELINGS: ReadonlyArray<{ pattern: RegExp; id: FeelingId }> = [
  { pattern: /\b(?:scared|afraid|terrified|frightened|miedo|asustad[oa]|takot|natatakot|so hai|so qua)\b|害怕|好驚|驚慌/, id: 'scared' },
  { pattern: /\b(?:stress\w*|overwhelm\w*|anxious|anxiety|worried|estresad[oa]|ansios[oa]|preocupad[oa]|nag-aalala|lo lang|cang thang)\b|壓力|擔心|焦慮/, id: 'stressed' },
  { pattern: /\b(?:giving up|give up|rendirme|me rindo|susuko|bo cuoc)\b|放棄/, id: 'givingUp' },
  { pattern: /\b(?:sad|depressed|hopeless|down|heartbroken|triste|deprimid[oa]|malungkot|buon)\b|傷心|難過|抑鬱/, id: 'sad' },
  { pattern: /\b(?:alone|lonely|isolated|sol[oa]|aislad[oa]|nag-iisa|mag-isa|co don|mot minh)\b|孤單|寂寞|一個人/, id: 'alone' },
  { pattern: /\b(?:tired|exhausted|worn out|drained|cansad[oa]|agotad[oa]|pagod|met moi|kiet suc)\b|好攰|很累|好累|疲倦/, id: 'tired' },
  { pattern: /\b(?:angry|frustrated|mad|fed up|enojad[oa]|frustrad[oa]|galit|inis|buc minh|tuc gian)\b|生氣|嬲|憤怒/, id: 'angry' },
];

const HAN = /[\u3400-\u9fff]/;

const GREETING =
  /^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening)|hola|buenos dias|buenas tardes|buenas noches|buenas|kumusta|kamusta|magandang (?:umaga|hapon|gabi)|xin chao|chao ban|你好|您好|哈囉|早晨)(?: (?:there|ellis|again|po))?[\s!.,！。，]*$/;
const THANKS =
  /^(?:(?:ok(?:ay)?|great|cool|awesome)[, ]*)?(?:thanks|thank you|thank u|thx|ty|gracias|muchas gracias|salamat|maraming salamat|cam on)\b.{0,40}$|^(?:多謝|謝謝|谢谢|唔該)/;
const GOODBYE = /^(?:bye|goodbye|good night|see you|that'?s all|adios|hasta luego|chao|paalam|tam biet)\b.{0,30}$|^(?:再見|拜拜|再见)/;
const REQUEST = /^(?:can|could|would|will) you\b|^(?:where|how) (?:can|do|could|should|would) i\b|^(?:do|does) (?:you|anyone) know\b|^(?:where|what)(?:'s| is| are)\b|^(?:i'?m looking for|looking for|i need to find|help me find|please help me find)\b/;
const WHAT_IS = /^(?:what|que) (?:is|are|es|son)\b|^what'?s\b/;
const IDENTITY =
  /\b(?:are you (?:a |an )?(?:real|human|person|bot|robot|ai|machine)|who are you|what are you|eres (?:una )?(?:persona|humana?|robot|real)|quien eres|sino ka|tao ka ba|ban la ai|ban la nguoi)\b|你是誰|你是谁|你是不是真人|你是機械人|你是机器人/;

/** FNV-1a: a stable number from text, for seeding the wording choice. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function pick<T>(random: () => number, options: readonly T[], avoid?: (option: T) => boolean): T {
  const start = Math.floor(random() * options.length);
  for (let offset = 0; offset < options.length; offset += 1) {
    const option = options[(start + offset) % options.length] as T;
    if (!avoid?.(option)) return option;
  }
  return options[start] as T;
}

function joinNames(names: readonly string[], and: string): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}` : (names[0] ?? '');
}

function resourceLines(resources: readonly GroundedResource[], channel: AssistantChannel, words: GuideWording): string[] {
  if (channel === 'voice') {
    // Spoken: names and numbers, never a link read out loud.
    const inGuide = resources.filter((resource) => resource.url.startsWith(SF_SERVICE_GUIDE_ORIGIN)).map((resource) => resource.name);
    const others = resources.filter((resource) => !resource.url.startsWith(SF_SERVICE_GUIDE_ORIGIN));
    const sentences: string[] = [];
    if (inGuide.length > 0) sentences.push(fill(words.voiceLookUpInGuide, { names: joinNames(inGuide, words.and) }));
    for (const resource of others) {
      const name = resource.phone ? fill(words.voiceNameAtPhone, { name: resource.name, phone: resource.phone }) : resource.name;
      sentences.push(fill(words.voiceAlsoThere, { name }));
    }
    return [sentences.join(words.sentenceSpace)];
  }
  return resources.map((resource) =>
    resource.phone
      ? fill(words.resourceLineWithPhone, { name: resource.name, phone: resource.phone, url: resource.url })
      : fill(words.resourceLine, { name: resource.name, url: resource.url }),
  );
}

function recentUserTexts(history: readonly AssistantTurn[], count: number): string[] {
  return history.filter((turn) => turn.role === 'user').slice(-count).map((turn) => turn.content);
}

function lastAssistantText(history: readonly AssistantTurn[]): string {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const turn = history[index];
    if (turn?.role === 'assistant') return turn.content;
  }
  return '';
}

/** The guide's whole reply to one message, as plain text (paragraphs separated by blank lines). */
export function composeGuideReply(input: GuideInput, seed = 0): string {
  const text = composeReply(input, seed);
  if (input.channel !== 'voice') return text;
  // A listener writes a number down digit by digit: "2 1 1", not "two hundred eleven".
  const spoken = speakNumbersIn(text);
  const longNumber = /\d \d \d, \d/.test(spoken);
  const repeatOffer = guideWording(replyLocaleOf(input)).directory.repeatOfferVoice;
  if (!longNumber || spoken.includes(repeatOffer)) return spoken;
  // The offer goes before the closing question, so the reply still ends by asking it.
  const paragraphs = spoken.split('\n\n');
  const question = paragraphs.at(-1)?.trim().endsWith('?') ? paragraphs.pop() : undefined;
  return [...paragraphs, repeatOffer, ...(question ? [question] : [])].join('\n\n');
}

function replyLocaleOf(input: GuideInput): SiteLocale {
  if (input.locale) return input.locale;
  return input.crisis ? localeOfLanguage(input.crisis.language) : replyLocale({ userText: input.userText });
}

function composeReply(input: GuideInput, seed: number): string {
  const normalized = normalizeText(input.userText);
  const locale = replyLocaleOf(input);
  const words = guideWording(locale);
  const random = seededRandom(hash(`${seed}|${input.history.length}|${normalized}`));
  const previous = lastAssistantText(input.history);
  const alreadySaid = (text: string) => previous.includes(text);
  const { grounding } = input;
  // Entries shown in Ellis's last message are not listed again; the person can scroll up.
  const fresh = grounding.resources.filter((resource) => !previous.includes(resource.url) && !previous.includes(resource.name));

  if (input.crisis) {
    // The fixed crisis reply already said the essentials and asked one question; add only what
    // else the person asked for, and help open near them, without another question.
    const local = 'services' in grounding ? localHelpAfterCrisis(grounding, input.channel, locale) : null;
    const others = fresh.filter((resource) => resource.categoryId !== 'crisis');
    if (others.length === 0 || grounding.fromHistory) return local ?? '';
    return [...(local ? [local, ''] : []), words.crisisResourceIntro, ...resourceLines(others, input.channel, words)].join('\n');
  }

  const repeated = composeRepeat(input.userText, input.history, input.channel, locale);
  if (repeated !== null) return repeated;

  if (grounding.needs.length === 0 || grounding.fromHistory) {
    if (IDENTITY.test(normalized)) return words.identity;
    if (GREETING.test(normalized)) return `${pick(random, words.greeting)}${words.sentenceSpace}${pick(random, words.greetingQuestion, alreadySaid)}`;
    if (THANKS.test(normalized)) return `${pick(random, words.thanks)}${words.sentenceSpace}${words.anythingElse}`;
    if (GOODBYE.test(normalized)) return pick(random, words.goodbye);
  }

  if ('services' in grounding) {
    const practical = composePracticalReply({ history: input.history, channel: input.channel, grounding, locale });
    if (practical !== null) return practical;
  }

  const resources = fresh;
  // The first entry offered is the strongest match; its need leads the reply.
  const primary: Need = grounding.resources[0]?.categoryId ?? grounding.needs[0] ?? 'none';
  const feeling = FEELINGS.find((candidate) => candidate.pattern.test(normalized));
  const isRequest = REQUEST.test(normalized) || /[?？]$/.test(normalized);
  // Chinese is written without spaces: about two characters make a word.
  const wordCount = HAN.test(normalized) ? Math.ceil(normalized.replace(/[\s\p{P}]/gu, '').length / 2) : normalized.split(' ').length;

  if (primary === 'none' && !feeling && wordCount <= 2 && !grounding.fromHistory) {
    return `${words.notUnderstood}${words.sentenceSpace}${pick(random, words.questions.none.map((question) => question.text), alreadySaid)}`;
  }

  const opening: string[] = [];
  if (grounding.fromHistory) {
    opening.push(resources.length > 0 ? words.followUpWithResources : words.followUpShown);
  } else if (isRequest && primary !== 'none') {
    opening.push(pick(random, WHAT_IS.test(normalized) ? words.whatIsOpenings : words.requestOpenings));
    if (feeling) opening.push(words.feelings[feeling.id]);
  } else {
    const laterTurn = input.history.some((turn) => turn.role === 'user');
    opening.push(pick(random, laterTurn ? words.laterAcknowledgements : words.acknowledgements));
    const summary = pick(random, words.summaries[primary]);
    // With a feeling named next, a reflection that already comments ("That's a lot…") would say it twice.
    const templates = feeling ? words.reflections.filter((template) => template.endsWith('{reflection}.')) : words.reflections;
    opening.push(pick(random, templates).replace('{reflection}', summary));
    if (feeling) opening.push(words.feelings[feeling.id]);
  }

  const paragraphs = [opening.join(words.sentenceSpace)];
  if (resources.length > 0) {
    const lines = resourceLines(resources, input.channel, words);
    paragraphs.push(input.channel === 'voice' ? lines.join(' ') : [pick(random, words.resourceIntros), ...lines].join('\n'));
  } else if (grounding.resources.length > 0 && !grounding.fromHistory) {
    paragraphs.push(words.alreadyShown);
  }
  const offered211 = previous.includes('211');
  if ((primary === 'housing' || primary === 'crisis') && (resources.length > 0 || grounding.fromHistory) && !offered211) {
    paragraphs.push(words.general211);
  } else if (primary === 'none' && !feeling && grounding.resources.length === 0 && !offered211) {
    paragraphs.push(input.channel === 'voice' ? words.generalHelpVoice : words.generalHelp.replace('{url}', generalHelpResource().url));
  }
  // What the person said in this message and the two before it counts as already answered.
  const said = [normalized, ...recentUserTexts(input.history, 2).map(normalizeText)].join('\n');
  const unfit = (candidate: WordingQuestion) =>
    previous.includes(candidate.text) || (candidate.answeredBy !== undefined && ANSWERED_BY[candidate.answeredBy].test(said));
  const firstName = grounding.resources[0]?.name;
  const specific = (firstName ? words.resourceQuestions[firstName] : undefined)?.filter((candidate) => !unfit(candidate)) ?? [];
  const questions =
    specific.length > 0
      ? specific
      : primary === 'none' && feeling
        ? words.feelingsQuestion.map((text) => ({ text }))
        : words.questions[primary];
  paragraphs.push(pick(random, questions, unfit).text);
  return paragraphs.join('\n\n');
}

/** Splits text into small pieces, the way a model streams: one to three words at a time. */
export function chunkLikeModel(text: string, seed = 0): string[] {
  const random = seededRandom(hash(`${seed}|${text.length}`));
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; ) {
    const size = 1 + Math.floor(random() * 3);
    chunks.push(words.slice(index, index + size).join(''));
    index += size;
  }
  return chunks;
}
