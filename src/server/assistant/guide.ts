/**
 * The guide (DESIGN §7.3): Ellis's built-in engine, used when no model is configured and as the
 * fallback when a model fails. No model and no network: it reflects what the person said in their
 * own words, offers one to three matching directory entries, and asks one gentle question.
 *
 * Variation is deterministic (seeded by the conversation and the message), so a test can pin a
 * reply, while two people — or the same person twice — do not get identical wording.
 */
import type { AssistantChannel, AssistantTurn } from './assistant.ts';
import { detectLanguage } from './safety/language.ts';
import type { RiskVerdict, SafetyLanguage } from './safety/risk.ts';
import { normalizeText } from './text.ts';
import { generalHelpResource, type GroundedResource, type Grounding, type TurnGrounding } from './grounding.ts';
import { composePracticalReply, composeRepeat, localHelpAfterCrisis, REPEAT_OFFER_VOICE, speakNumbersIn } from './directory-reply.ts';
import { SF_SERVICE_GUIDE_ORIGIN, type CategoryId } from '../../shared/resource-directory.ts';

export interface GuideInput {
  userText: string;
  history: readonly AssistantTurn[];
  /** With the place, guide and services of the turn when the directory was consulted. */
  grounding: Grounding | TurnGrounding;
  channel: AssistantChannel;
  /** Set when the fixed crisis reply was already shown this turn: the guide then only adds resources for other needs. */
  crisis: RiskVerdict | null;
}

type Need = CategoryId | 'none';

/** A follow-up question, skipped when the person already answered it ("court date next week"). */
interface Question {
  text: string;
  answeredBy?: RegExp;
}

const TONIGHT_ANSWERED = /\b(?:sleeping|staying|living|slept|stay) (?:in|at|on|with|outside)\b|\bin my car\b|\bon the street/;
const ATE_ANSWERED = /\b(?:eaten|ate|eat|eating|comido|comer)\b/;
const q = (text: string, answeredBy?: RegExp): Question => (answeredBy ? { text, answeredBy } : { text });

interface Wording {
  summaries: Record<Need, readonly string[]>;
  acknowledgements: readonly string[];
  /** For later turns, where "I'm glad you reached out" would sound like a first meeting. */
  laterAcknowledgements: readonly string[];
  reflections: readonly string[];
  resourceIntros: readonly string[];
  crisisResourceIntro: string;
  general211: string;
  questions: Record<Need, readonly Question[]>;
  /** Questions that fit one directory entry better than its category's. */
  resourceQuestions: Readonly<Record<string, readonly Question[]>>;
  requestOpenings: readonly string[];
  whatIsOpenings: readonly string[];
  anythingElse: string;
  notUnderstood: string;
  followUpWithResources: string;
  followUpShown: string;
  alreadyShown: string;
  generalHelp: string;
  /** Voice reads no links. */
  generalHelpVoice: string;
  greeting: readonly string[];
  greetingQuestion: readonly string[];
  thanks: readonly string[];
  goodbye: readonly string[];
  identity: string;
  feelingsQuestion: readonly string[];
}

const ENGLISH: Wording = {
  summaries: {
    housing: ['finding a safe place to stay is weighing on you', "you're worried about where you'll stay"],
    food: ["getting enough to eat has been hard", "food has been hard to come by"],
    health: ['your health has been weighing on you', "you're dealing with a health worry"],
    employment: ['work and money have been a real strain', "money and work have been stressful"],
    legal: ["you're facing a legal problem that feels stressful", "you're dealing with something legal that's worrying you"],
    crisis: ["you've been going through something frightening", "you're dealing with something really scary"],
    none: ["you're going through a hard time", "things have been hard lately"],
  },
  acknowledgements: ['Thank you for telling me.', "I'm glad you reached out.", "Thanks for sharing that with me."],
  laterAcknowledgements: ['Thank you for telling me.', 'Okay, that helps me understand.', 'Thanks for letting me know.'],
  reflections: ['It sounds like {reflection}.', 'I hear you: {reflection}.', "So {reflection}. That's a lot to deal with."],
  resourceIntros: ['Here are some places that can help:', 'These could be a good place to start:', 'A few places that can help with this:'],
  crisisResourceIntro: 'When you feel ready, these can help with the other things you mentioned:',
  general211: 'You can also dial 211, day or night, to talk with a person who can find help near you.',
  questions: {
    housing: [
      q('Do you have somewhere safe to stay tonight?', TONIGHT_ANSWERED),
      q('Where are you staying right now?', TONIGHT_ANSWERED),
      q('Is a place for tonight the most urgent part, or something longer-term?'),
    ],
    food: [
      q('Have you been able to eat anything today?', ATE_ANSWERED),
      q('Are you looking for a meal today, or help buying groceries?'),
      q('Is food something you need today, or more for the coming weeks?'),
    ],
    health: [
      q('Is this something you need help with today?'),
      q('Do you have health coverage right now, like Medi-Cal?', /\b(?:medi-?cal|insurance|coverage)\b/),
      q('How long has this been going on?', /\bfor (?:a|an|\d+|two|three|several|many|a few) (?:day|week|month|year)s?\b|\bsince\b/),
    ],
    employment: [
      q('What kind of work have you done before?'),
      q('What would help most right now: finding work, or covering bills?'),
      q('Is it mostly a job you need, or help with money right now?'),
    ],
    legal: [
      q('Have you received any court papers, like a notice or a summons?', /\b(?:court|papers|notice|summons)\b/),
      q('Is there a deadline or a court date coming up?', /\b(?:court date|deadline|hearing)\b/),
      q('What would you most like help with first?'),
    ],
    crisis: [q('Are you somewhere safe right now?'), q('Is there someone you trust who can be with you?')],
    none: [q('What feels most pressing for you right now?'), q("Can you tell me a bit more about what's going on?"), q('What would help most today?')],
  },
  resourceQuestions: {
    'Rental Assistance': [
      q('Have you gotten a notice from your landlord yet?', /\b(?:notice|court|papers|evicted)\b/),
      q('When is the rent due?', /\bdue\b/),
    ],
    'Eviction Defense': [
      q('Have you received any court papers, like an eviction notice or a summons?', /\b(?:court|papers|notice|summons)\b/),
      q('Is there a court date or a deadline coming up?', /\b(?:court date|deadline|hearing)\b/),
      q('Do you have somewhere safe to stay for now?', TONIGHT_ANSWERED),
    ],
    'Free Meals': [q('Have you been able to eat anything today?', ATE_ANSWERED), q('Are you looking for a meal today, or help buying groceries?')],
  },
  requestOpenings: ['Of course, I can help you look.', "Yes, let's find you some options.", "I'd be glad to help with that."],
  whatIsOpenings: ['Good question.', "That's a good question."],
  anythingElse: 'Is there anything else on your mind?',
  notUnderstood: "I'm not sure I understood.",
  followUpWithResources: "Okay, here's where I'd start.",
  followUpShown:
    'Okay. The places I shared are a good start, and 211 can help you find what is open near you, day or night.',
  alreadyShown: 'The places I shared can help with this too.',
  generalHelp: 'If you need services, 211 can help any time: dial 211 or visit {url}.',
  generalHelpVoice: 'If you need services, 211 can help any time: dial 2 1 1.',
  greeting: ["Hi, I'm glad you're here.", 'Hello, thanks for reaching out.', "Hi there, it's good to hear from you."],
  greetingQuestion: ["What's going on for you today?", 'What would you like help with today?', "What's on your mind?"],
  thanks: ["You're welcome. I'm glad that helped.", "You're welcome, and thank you for trusting me with this."],
  goodbye: [
    "Take care of yourself. I'm here whenever you want to talk, and 211 can help day or night.",
    "Take care. You can come back any time, and 211 is there day or night if you need a person.",
  ],
  identity:
    "I'm Ellis, an AI assistant: not a person, and not a licensed therapist or social worker. I can listen, and help you find services like shelter, food, health care, work and legal help. What's going on for you today?",
  feelingsQuestion: ["Do you want to tell me more about what's been going on?", 'What has been the hardest part?'],
};

const SPANISH: Wording = {
  summaries: {
    housing: ['te preocupa encontrar un lugar seguro donde quedarte'],
    food: ['conseguir comida ha sido difícil'],
    health: ['tu salud te preocupa'],
    employment: ['el trabajo y el dinero han sido una carga pesada'],
    legal: ['estás enfrentando un problema legal que te preocupa'],
    crisis: ['estás pasando por algo que da miedo'],
    none: ['estás pasando por un momento difícil'],
  },
  acknowledgements: ['Gracias por contármelo.', 'Me alegra que me escribas.'],
  laterAcknowledgements: ['Gracias por contármelo.', 'Entiendo, gracias por decírmelo.'],
  reflections: ['Parece que {reflection}.', 'Te escucho: {reflection}.'],
  resourceIntros: ['Estos lugares pueden ayudarte:', 'Aquí hay algunos lugares para empezar:'],
  crisisResourceIntro: 'Cuando te sientas listo o lista, estos lugares pueden ayudarte con lo demás:',
  general211: 'También puedes marcar 211 a cualquier hora para hablar con una persona que te ayude a encontrar servicios cerca de ti.',
  questions: {
    housing: [q('¿Tienes un lugar seguro donde quedarte esta noche?'), q('¿Dónde te estás quedando ahora?')],
    food: [q('¿Has podido comer algo hoy?'), q('¿Buscas una comida para hoy o ayuda para comprar alimentos?')],
    health: [q('¿Necesitas ayuda con esto hoy?'), q('¿Tienes seguro médico, como Medi-Cal?')],
    employment: [q('¿Qué tipo de trabajo has hecho antes?'), q('¿Qué te ayudaría más ahora: encontrar trabajo o pagar cuentas?')],
    legal: [q('¿Has recibido algún papel de la corte, como un aviso o una citación?'), q('¿Tienes alguna fecha de corte pronto?')],
    crisis: [q('¿Estás en un lugar seguro ahora mismo?')],
    none: [q('¿Qué es lo que más te preocupa ahora mismo?'), q('¿Me puedes contar un poco más de lo que está pasando?')],
  },
  resourceQuestions: {},
  requestOpenings: ['Claro, te ayudo a buscar.', 'Con gusto te ayudo con eso.'],
  whatIsOpenings: ['Buena pregunta.'],
  anythingElse: '¿Hay algo más en lo que pueda ayudarte?',
  notUnderstood: 'No estoy segura de haber entendido.',
  followUpWithResources: 'Claro, yo empezaría por aquí.',
  followUpShown: 'Claro. Los lugares que te compartí son un buen comienzo, y el 211 te ayuda a encontrar lo que hay cerca, a cualquier hora.',
  alreadyShown: 'Los lugares que te compartí también pueden ayudarte con esto.',
  generalHelp: 'Si necesitas servicios, el 211 puede ayudarte a cualquier hora: marca 211 o visita {url}.',
  generalHelpVoice: 'Si necesitas servicios, el 211 puede ayudarte a cualquier hora: marca 2 1 1.',
  greeting: ['Hola, me alegra que estés aquí.', 'Hola, gracias por escribir.'],
  greetingQuestion: ['¿Qué está pasando hoy?', '¿En qué te puedo ayudar hoy?'],
  thanks: ['De nada. Me alegra haber ayudado.'],
  goodbye: ['Cuídate mucho. Aquí estoy cuando quieras hablar, y el 211 puede ayudarte a cualquier hora.'],
  identity:
    'Soy Ellis, una asistente de inteligencia artificial: no soy una persona, ni terapeuta ni trabajadora social con licencia. Puedo escucharte y ayudarte a encontrar servicios de vivienda, comida, salud, trabajo y ayuda legal. ¿Qué está pasando hoy?',
  feelingsQuestion: ['¿Quieres contarme un poco más de lo que ha pasado?'],
};

const FEELINGS: ReadonlyArray<{ pattern: RegExp; en: string; es: string }> = [
  { pattern: /\b(?:scared|afraid|terrified|frightened|miedo|asustad[oa])\b/, en: 'That sounds frightening.', es: 'Eso suena aterrador.' },
  { pattern: /\b(?:stress\w*|overwhelm\w*|anxious|anxiety|worried|estresad[oa]|ansios[oa]|preocupad[oa])\b/, en: "That's a lot to carry.", es: 'Es mucho para cargar.' },
  { pattern: /\b(?:giving up|give up|rendirme|me rindo)\b/, en: "I'm really glad you told me how heavy this feels.", es: 'Me alegra que me cuentes lo pesado que se siente.' },
  { pattern: /\b(?:sad|depressed|hopeless|down|heartbroken|triste|deprimid[oa])\b/, en: "I'm sorry it's been so heavy.", es: 'Siento que todo esté tan pesado.' },
  { pattern: /\b(?:alone|lonely|isolated|sol[oa]|aislad[oa])\b/, en: "I'm here, and I'm listening.", es: 'Aquí estoy y te escucho.' },
  { pattern: /\b(?:tired|exhausted|worn out|drained|cansad[oa]|agotad[oa])\b/, en: "No wonder you're worn out.", es: 'Con razón estás agotado o agotada.' },
  { pattern: /\b(?:angry|frustrated|mad|fed up|enojad[oa]|frustrad[oa])\b/, en: 'It makes sense to feel frustrated.', es: 'Tiene sentido que te sientas así.' },
];

const GREETING = /^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening)|hola|buenos dias|buenas tardes|buenas noches|buenas)(?: (?:there|ellis|again))?[\s!.,]*$/;
const THANKS = /^(?:(?:ok(?:ay)?|great|cool|awesome)[, ]*)?(?:thanks|thank you|thank u|thx|ty|gracias|muchas gracias)\b.{0,40}$/;
const GOODBYE = /^(?:bye|goodbye|good night|see you|that'?s all|adios|hasta luego|chao)\b.{0,30}$/;
const REQUEST = /^(?:can|could|would|will) you\b|^(?:where|how) (?:can|do|could|should|would) i\b|^(?:do|does) (?:you|anyone) know\b|^(?:where|what)(?:'s| is| are)\b|^(?:i'?m looking for|looking for|i need to find|help me find|please help me find)\b/;
const WHAT_IS = /^(?:what|que) (?:is|are|es|son)\b|^what'?s\b/;
const IDENTITY = /\b(?:are you (?:a |an )?(?:real|human|person|bot|robot|ai|machine)|who are you|what are you|eres (?:una )?(?:persona|humana?|robot|real)|quien eres)\b/;

/** FNV-1a: a stable number from text, for seeding the wording choice. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: a tiny seeded generator; quality is plenty for choosing between phrasings. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
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

function resourceLines(resources: readonly GroundedResource[], channel: AssistantChannel, language: SafetyLanguage): string[] {
  if (channel === 'voice') {
    // Spoken: names and numbers, never a link read out loud.
    const inGuide = resources.filter((resource) => resource.url.startsWith(SF_SERVICE_GUIDE_ORIGIN)).map((resource) => resource.name);
    const others = resources.filter((resource) => !resource.url.startsWith(SF_SERVICE_GUIDE_ORIGIN));
    const sentences: string[] = [];
    if (inGuide.length > 0) {
      sentences.push(
        language === 'es'
          ? `Puedes buscar ${joinNames(inGuide, 'y')} en la guía de servicios de San Francisco.`
          : `You could look up ${joinNames(inGuide, 'and')} in the SF Service Guide.`,
      );
    }
    for (const resource of others) {
      const name = resource.phone ? `${resource.name}, at ${resource.phone}` : resource.name;
      sentences.push(language === 'es' ? `También está ${name}.` : `There's also ${name}.`);
    }
    return [sentences.join(' ')];
  }
  return resources.map((resource) =>
    resource.phone ? `• ${resource.name}: call ${resource.phone} or visit ${resource.url}` : `• ${resource.name}: ${resource.url}`,
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
  if (!longNumber || spoken.includes(REPEAT_OFFER_VOICE)) return spoken;
  // The offer goes before the closing question, so the reply still ends by asking it.
  const paragraphs = spoken.split('\n\n');
  const question = paragraphs.at(-1)?.trim().endsWith('?') ? paragraphs.pop() : undefined;
  return [...paragraphs, REPEAT_OFFER_VOICE, ...(question ? [question] : [])].join('\n\n');
}

function composeReply(input: GuideInput, seed: number): string {
  const normalized = normalizeText(input.userText);
  const language = input.crisis?.language ?? detectLanguage(input.userText, normalized);
  const words = language === 'es' ? SPANISH : ENGLISH;
  const random = generator(hash(`${seed}|${input.history.length}|${normalized}`));
  const previous = lastAssistantText(input.history);
  const alreadySaid = (text: string) => previous.includes(text);
  const { grounding } = input;
  // Entries shown in Ellis's last message are not listed again; the person can scroll up.
  const fresh = grounding.resources.filter((resource) => !previous.includes(resource.url) && !previous.includes(resource.name));

  if (input.crisis) {
    // The fixed crisis reply already said the essentials and asked one question; add only what
    // else the person asked for, and help open near them, without another question.
    const local = 'services' in grounding && language === 'en' ? localHelpAfterCrisis(grounding, input.channel) : null;
    const others = fresh.filter((resource) => resource.categoryId !== 'crisis');
    if (others.length === 0 || grounding.fromHistory) return local ?? '';
    return [...(local ? [local, ''] : []), words.crisisResourceIntro, ...resourceLines(others, input.channel, language)].join('\n');
  }

  const repeated = composeRepeat(input.userText, input.history, input.channel);
  if (repeated !== null) return repeated;

  if (grounding.needs.length === 0 || grounding.fromHistory) {
    if (IDENTITY.test(normalized)) return words.identity;
    if (GREETING.test(normalized)) return `${pick(random, words.greeting)} ${pick(random, words.greetingQuestion, alreadySaid)}`;
    if (THANKS.test(normalized)) return `${pick(random, words.thanks)} ${words.anythingElse}`;
    if (GOODBYE.test(normalized)) return pick(random, words.goodbye);
  }

  if ('services' in grounding && language === 'en') {
    const practical = composePracticalReply({ history: input.history, channel: input.channel, grounding });
    if (practical !== null) return practical;
  }

  const resources = fresh;
  // The first entry offered is the strongest match; its need leads the reply.
  const primary: Need = grounding.resources[0]?.categoryId ?? grounding.needs[0] ?? 'none';
  const feeling = FEELINGS.find((candidate) => candidate.pattern.test(normalized));
  const isRequest = REQUEST.test(normalized) || normalized.endsWith('?');
  const wordCount = normalized.split(' ').length;

  if (primary === 'none' && !feeling && wordCount <= 2 && !grounding.fromHistory) {
    return `${words.notUnderstood} ${pick(random, words.questions.none.map((question) => question.text), alreadySaid)}`;
  }

  const opening: string[] = [];
  if (grounding.fromHistory) {
    opening.push(resources.length > 0 ? words.followUpWithResources : words.followUpShown);
  } else if (isRequest && primary !== 'none') {
    opening.push(pick(random, WHAT_IS.test(normalized) ? words.whatIsOpenings : words.requestOpenings));
    if (feeling) opening.push(language === 'es' ? feeling.es : feeling.en);
  } else {
    const laterTurn = input.history.some((turn) => turn.role === 'user');
    opening.push(pick(random, laterTurn ? words.laterAcknowledgements : words.acknowledgements));
    const summary = pick(random, words.summaries[primary]);
    // With a feeling named next, a reflection that already comments ("That's a lot…") would say it twice.
    const templates = feeling ? words.reflections.filter((template) => template.endsWith('{reflection}.')) : words.reflections;
    opening.push(pick(random, templates).replace('{reflection}', summary));
    if (feeling) opening.push(language === 'es' ? feeling.es : feeling.en);
  }

  const paragraphs = [opening.join(' ')];
  if (resources.length > 0) {
    const lines = resourceLines(resources, input.channel, language);
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
  const unfit = (candidate: Question) => previous.includes(candidate.text) || (candidate.answeredBy?.test(said) ?? false);
  const firstName = grounding.resources[0]?.name;
  const specific = (firstName ? words.resourceQuestions[firstName] : undefined)?.filter((candidate) => !unfit(candidate)) ?? [];
  const questions =
    specific.length > 0
      ? specific
      : primary === 'none' && feeling
        ? words.feelingsQuestion.map((text) => q(text))
        : words.questions[primary];
  paragraphs.push(pick(random, questions, unfit).text);
  return paragraphs.join('\n\n');
}

/** Splits text into small pieces, the way a model streams: one to three words at a time. */
export function chunkLikeModel(text: string, seed = 0): string[] {
  const random = generator(hash(`${seed}|${text.length}`));
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; ) {
    const size = 1 + Math.floor(random() * 3);
    chunks.push(words.slice(index, index + size).join(''));
    index += size;
  }
  return chunks;
}
