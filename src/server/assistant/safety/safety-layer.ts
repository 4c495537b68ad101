/**
 * The safety layer (DESIGN §7.1): one place where every user turn — text chat, the test chat,
 * voice — is read with the earlier turns of its conversation. Two synchronous layers read the
 * turn, the hand-written rules and the learned classifier, and either can raise its level; the
 * conversation's state (risk-state.ts) decides what the assistant does. The model check
 * (model-check.ts) runs later, beside the reply, and can only raise the level further.
 *
 * A conversation stored on the server hands its state in; the test chat and voice carry their
 * turns instead, and the state is rebuilt from them (remembered, so a long call does not read
 * its whole history again at every turn).
 */
import { createHash } from 'node:crypto';
import type { AssistantTurn } from '../assistant.ts';
import { readRules } from '../crisis-detection.ts';
import { normalizeText } from '../text.ts';
import { questionText, replyWords } from '../crisis-reply.ts';
import { classifyRisk } from './classifier/classify.ts';
import { EARLIER_TURNS_READ } from './classifier/features.ts';
import { ASKS_HARM, ASKS_OTHERS_SAFETY, ASKS_SAFETY, ASKS_SCREENING, FAREWELL, NOT_SAFE, SAYS_IT_IS_OVER, SAYS_SAFE } from './rules/answers.ts';
import { DATED_STORY, NOW_WORDS, NOW_WORDS_ZH, PAST_MARKERS, RELAPSE, RESOLVED } from './rules/reading-aids.ts';
import { CHINESE_DATED_STORY, CHINESE_ONGOING, CHINESE_PAST } from './rules/zh.ts';
import { PLAN_SIGNS } from './rules/plan-signs.ts';
import { advanceRisk, INITIAL_RISK_STATE, readAnswer, type RiskState, type TurnDecision } from './risk-state.ts';
import { writtenInChinese } from './language.ts';
import { higherRisk, riskRank, type RiskKind, type RiskVerdict } from './risk.ts';

/** The learned second layer: classifier/classify.ts, or a stand-in in tests; `earlier`: the user turns before a later turn. */
export type RiskClassifier = (text: string, earlier?: string) => RiskVerdict & { score: number };

export interface SafetyLayerOptions {
  /** The learned layer; classifier/classify.ts when absent, none when null (to measure the rules alone). */
  classify?: RiskClassifier | null;
}

export interface TurnInput {
  history: readonly AssistantTurn[];
  userText: string;
  /** The conversation's stored state; null or absent: rebuilt from `history`. */
  state?: RiskState | null;
}

/**
 * How the two layers are joined (docs/decisions/081-either-layer-raises.md). Either can raise the
 * level by itself; the classifier's own thresholds (calibrated on its validation split, decision
 * 080) decide crisis. When the rules read the message as talk *about* danger (past, someone else
 * in general, how a line works), or the message is a word or two, a classifier alarm is lowered to
 * asking: doubt about whether the danger is current resolves toward asking, not toward 911. Immediate danger (911 first) comes from
 * the rules, or from the classifier when it is sure.
 */
const CLASSIFIER_IMMEDIATE_SCORE = 0.9;
/**
 * So sure that the rules' reading of part of the message as talk about danger does not make it a question: "my
 * caseworker keeps asking if im ok and i lie. truth is i bought a rope" scored 0.99 (blind round 10). On rounds
 * 6–9 no level-none message the rules read as about danger scored above 0.94.
 */
const CLASSIFIER_SURE_SCORE = 0.97;
/**
 * Below its crisis threshold the classifier asks only from this crisis score up (fewer needless
 * screening questions). 0.35 until decision 083: with the round-8 corpus, plain requests for a bed
 * tonight in a named city scored 0.37–0.39; on rounds 6 and 7 held out, 0.4 asked 2 of 60 concern
 * cases fewer and changed nothing else. 0.45 since decision 100: the retrained model put "I'm in Concord and I
 * don't have a place to sleep tonight" at 0.41; on rounds 1–15 0.45 asks the same 197 of 450 concern cases. 0.5 since
 * decision 103: trained with rounds 16–32, the model put that request at 0.49 and "I have nowhere to sleep tonight" at
 * 0.47 (the scenario suite caught both); on rounds 1–32 0.5 asks 466 of 960 concern cases (467 at 0.45) and 327 of 4,800
 * level-none messages (329), and puts one conversation of 800 a turn later.
 */
const CLASSIFIER_CONCERN_SCORE = 0.5;
/**
 * An alarm the rules raise but the classifier scores below this is read as doubt and asked about
 * (concern) instead (decision 081). 0.1 until decision 082: with the classifier held out from
 * rounds 4 and 5 in turn, 0.2 instead of 0.1 took single-message false alarms from 6.7% / 6.0% to
 * 5.3% / 4.0% and benign-conversation false alarms from 8% / 12% to 4% / 8%, for 0.7 / 1.3 points
 * of recall.
 */
const CLASSIFIER_DOUBT_SCORE = 0.2;

/** Fewer words than this (or Chinese characters than CJK_MIN) say too little for the classifier to alarm alone: it asks. */
const MIN_WORDS = 3;
const CJK_MIN = 5;
const CJK_CHAR = /[\u3400-\u9fff\uf900-\ufaff]/gu;

/**
 * The screening question (concern) is about suicide: hopelessness, exhaustion, a plan's pieces. When the classifier
 * suspects another kind of danger (abuse, trafficking, a medical emergency, a threat) below its crisis threshold, it asks
 * "are you safe right now?" only from this score: below it, a shelter request on a cold night (0.49, read as medical) got
 * the question. From decision 084 to 105 an opening message of ten words or more alarmed from this score too; since
 * decision 106 the classifier alone alarms only from CLASSIFIER_ALARM_SCORE.
 */
const CLASSIFIER_OTHER_DANGER_SCORE = 0.55;
const SCREENED_KINDS: ReadonlySet<RiskKind> = new Set(['suicide', 'self-harm']);

/**
 * Below this crisis score an alarm only the classifier raises on a turn is asked about instead (concern: the screening
 * question, or "are you safe right now?"), and the answer decides (decision 106). Its calibrated threshold (about 0.5)
 * keeps recall; between the two lie most of its false alarms on what writers of benign conversations wrote: a car towed
 * ("fuck my life", 0.94 before decision 106), a son at raves, "ok i got water. im melting" after asking for a cooling
 * center. Measured with the classifier trained without rounds 75-86 and then without rounds 63-74 (read, not blind):
 * see decision 106. The window of recent turns read together keeps the calibrated threshold: a plan told in pieces
 * shows there first. A suspicion of suicide, self-harm or harm to another told with a sign of a plan keeps the alarm
 * (intentWithAPlan).
 */
const CLASSIFIER_ALARM_SCORE = 0.8;

/** Fewer words than this (or Chinese characters than CJK_DOUBT_MIN) give the classifier too little to doubt the rules. */
const DOUBT_MIN_WORDS = 6;
const CJK_DOUBT_MIN = 10;
/** Said to be current in so many words ("i cut again", "kms fr", "not joking. i have a plan", "suicidal. idk what else to say"). */
const SAYS_IT_IS_NOW = /\b(?:again|not joking|no joke|for real|fr|dead ?serious|deadass|(?:i )?(?:have|got) a plan)\b|^(?:i'?m |im |i am |feeling |feel )?(?:so |really |very )?suicidal\b/;

/** Shorter than `words` words, or `cjkChars` Chinese characters when the message is Chinese. */
function shorterThan(text: string, words: number, cjkChars: number): boolean {
  const cjk = text.match(CJK_CHAR)?.length ?? 0;
  if (cjk > 0) return cjk < cjkChars;
  return text.trim().split(/\s+/).length < words;
}

const tooShort = (text: string) => shorterThan(text, MIN_WORDS, CJK_MIN);
const tooShortToDoubt = (text: string) => shorterThan(text, DOUBT_MIN_WORDS, CJK_DOUBT_MIN);

/**
 * Below this crisis score, a suspicion of suicide that only the classifier has, read as a crisis rather than an
 * emergency and with no sign of a plan, is asked about (decision 105). The C-SSRS screen asks about the wish first and
 * treats a method, a plan, a time or preparations as what makes it urgent; a counselor who suspects the wish asks the
 * question, and the answer decides (yes, kinda, idk → crisis). The classifier's suspicion of suicide is its commonest
 * false alarm (half of those on benign conversations in blind rounds 33-56: an eviction notice, a dog panting in the
 * heat, "she's drinking and playing, just warm"). But its guess of the kind is often wrong: blind rounds 75-80 showed
 * a friend "purple" at the van spot, a smell of gas, a carbon-monoxide alarm, a threat to burn a house and a plan to
 * hurt a father tonight all guessed suicide. So the classifier's immediate danger is never asked about here, and
 * 0.85 (0.9 before rounds 75-80) keeps what it is nearly sure of an alarm. A sign of a plan (rules/plan-signs.ts),
 * the person's own suicide named, "for real", or a goodbye keeps the alarm too. On rounds 57-80 (blind when scored;
 * this form chosen after reading them) against no such question: 13 benign conversations and 8 single false alarms
 * of 600 / 3,600 spared, 3 crisis conversations and 1 single crisis caught later or not.
 */
const CLASSIFIER_SUICIDE_SURE_SCORE = 0.85;

/**
 * A medicine named for what it treats, or with a refill, a dose, a doctor or a forgotten pill ("mẹ em uống thuốc huyết áp,
 * hôm nay quên uống một liều"), is a medicine, not a means: the word alone is no sign of a plan there, though any other
 * sign still is ("all my moms blood pressure pills tonight"). Learned from blind rounds 109-122 after their scores were
 * committed; on rounds 1-122 it spared two benign conversations and one false alarm, and cost no crisis.
 */
const ROUTINE_MEDICINE = /\b(?:blood pressure|bp|diabet\w*|insulin|blood sugar|refill\w*|prescri\w*|pharmacy|doctor|clinic|forgot|missed (?:a |her |his |my |one )?dose|huyet ap|tieu duong|duong huyet|quen uong|don thuoc|nha thuoc|bac si|phong kham|presion|diabetes|receta|farmacia|olvid\w*|altapresyon|alta presion|high blood|maintenance|nakalimutan|reseta|botika)\b|血压|血壓|糖尿|血糖|忘记|忘記|唔記得|唔记得|医生|醫生|药房|藥房|诊所|診所/;
/** Stopping a medicine on purpose, or saving it up, is a means again ("stopped taking my hiv meds on purpose", round 124). */
const MEDICINE_STOPPED_OR_HOARDED = /\b(?:on purpose|stopped taking|quit taking|not taking|refus\w*|sav(?:ed|ing) up|stockpil\w*|hoard\w*|all of (?:them|my|her|his)|whole (?:bottle|pack|box))\b/;
const MEDICINE_WORDS = /\b(?:pills?|meds|medication|medicine|thuoc|gamot|pastillas?|medicinas?)\b|药|藥/g;

/** A means, a place, a time, preparations (rules/plan-signs.ts), the person's own suicide, "for real", or a goodbye. */
function saysAPlan(normalized: string): boolean {
  const signs = ROUTINE_MEDICINE.test(normalized) && !MEDICINE_STOPPED_OR_HOARDED.test(normalized) ? normalized.replace(MEDICINE_WORDS, ' ') : normalized;
  return PLAN_SIGNS.test(signs) || OWN_SUICIDE.test(normalized) || SAYS_IT_IS_NOW.test(normalized) || FAREWELL.test(normalized);
}

/**
 * The classifier's suspicion of a danger someone means to do — to themselves or to another — told with a sign of a plan
 * ("no lol i want to die, the pills are ready" after the screening question): what makes it urgent in the C-SSRS is there,
 * so it is not asked about (decision 106). For other kinds a time is no plan: "is there a shelter open tonight".
 */
function intentWithAPlan(text: string, learned: RiskVerdict): boolean {
  return learned.kinds.some((kind) => SCREENED_KINDS.has(kind) || kind === 'harm-to-others') && saysAPlan(normalizeText(text));
}

function suicideSuspectedWithoutPlan(text: string, rules: RiskVerdict, learned: RiskVerdict & { score: number }): boolean {
  if (learned.level !== 'crisis' || riskRank(rules.level) >= riskRank('crisis') || learned.kinds[0] !== 'suicide' || learned.score >= CLASSIFIER_SUICIDE_SURE_SCORE) return false;
  return !saysAPlan(normalizeText(text));
}

function learnedLevel(text: string, rules: RiskVerdict, learned: RiskVerdict & { score: number }): RiskVerdict['level'] {
  if (riskRank(learned.level) >= riskRank('crisis')) {
    if ((rules.aboutDanger && learned.score < CLASSIFIER_SURE_SCORE) || tooShort(text)) return 'concern';
    if (learned.level === 'immediate-danger' && learned.score >= CLASSIFIER_IMMEDIATE_SCORE) return 'immediate-danger';
    if (suicideSuspectedWithoutPlan(text, rules, learned)) return 'concern';
    return 'crisis';
  }
  const otherDanger = learned.kinds[0] !== undefined && !SCREENED_KINDS.has(learned.kinds[0]);
  // A word or two below the alarm ("kinda", "no") is an answer for the conversation state to read, not a new sign.
  // Both the classifier's own calibrated concern threshold and this floor: a plain request ("no place to sleep
  // tonight") near either line gets help, not a screening question.
  // Another kind of danger is asked about ("are you safe right now?") only from CLASSIFIER_OTHER_DANGER_SCORE.
  const asks = learned.level === 'concern' && learned.score >= (otherDanger ? CLASSIFIER_OTHER_DANGER_SCORE : CLASSIFIER_CONCERN_SCORE);
  return asks && !rules.aboutDanger && !tooShort(text) ? 'concern' : 'none';
}

/**
 * A question asked in one sentence, later in a conversation that has shown no sign of danger ("and if they dont wake
 * up after the first one?" after an outreach worker asked how to give naloxone): when only the classifier alarms on
 * it, it is asked about, not alarmed. Learned from blind rounds 11 and 19 after their scores were committed; on
 * rounds 1-25 it spared two benign conversations and cost no crisis (one with a question before a disclosure,
 * "and do they test for stuff too... someone gave me a drink", is two sentences and still alarms).
 */
const INFO_QUESTION = /[?？]\s*$|^(?:and |but |so |ok |okay )?(?:how|what|where|when|who|which|why|is|are|do|does|can|could|will|would|should|what if|if|y|como|donde|cuando|que|quien|paano|saan|ano|kailan|sino|pwede|lam sao|o dau|khi nao|ai)\b|(?:吗|嗎|呢|點樣|点样|邊度|边度|怎么|怎麼|哪里|哪裡)\s*[?？]?$/;
const MORE_THAN_ONE_SENTENCE = /[.!…。！](?=\s*\S)/;

function askingAQuestion(reading: Reading, state: RiskState, later: boolean, text: string, normalized: string): Reading {
  if (!later || state.level !== 'none' || riskRank(reading.rules.level) >= riskRank('concern') || riskRank(reading.verdict.level) < riskRank('crisis')) return reading;
  if (!INFO_QUESTION.test(normalized) || MORE_THAN_ONE_SENTENCE.test(text.trim())) return reading;
  return { ...reading, verdict: { ...reading.verdict, level: 'concern' } };
}

/** An old story announced as such ("can i tell u something kinda heavy but its old", "its not happening now"). */
const SAYS_IT_IS_OLD = /\b(?:it'?s|its|it is|that'?s|thats) (?:an? )?old(?: (?:story|thing|stuff|news))?\b|\bnot happening (?:now|anymore|any more)\b/;
/** Dates a story when its first clause says it: "2 years ago my ex…", "growing up, my dad…". */
const DATED_OPENING = /\b(?:a|one|two|few|a few|several|\d+) (?:years?|yrs) (?:ago|back)\b|\bgrowing up\b|\bdesde nin[oa]\b/;
const CHILDHOOD_ZH = /细个|細個|小时候|小時候/;
/** Said to be now, once the words of a resolution ("i'm fine now", "而家我已經四十歲") are set aside. */
const PRESENT = new RegExp(String.raw`\b(?:now|${NOW_WORDS}|still|lately|these days|currently|ahora|todavia|aun|hien gio|van con|ngayon|pa rin)\b`);
/** Every match, to set them aside before looking for words of now. */
const EVERY_RESOLVED = new RegExp(RESOLVED.source, 'g');
const EVERY_SAYS_IT_IS_OLD = new RegExp(SAYS_IT_IS_OLD.source, 'g');
const RESOLVED_ZH = /(?:现在|現在|而家)(?:我|佢|他|她)?(?:已经|已經)?(?:\d+|[一二三四五六七八九十]+)歲|(?:现在|現在|而家)[^，。,.]{0,12}(?:安全|冇事|没事|沒事|好返|好了)/g;

/**
 * Told as the past in so many words — a year, "years ago", "when I was 16", childhood, "its old" — and nothing says it
 * is back or now. Doubt about whether a danger is current resolves toward asking (issue 12): such a turn is asked about.
 */
function toldAsPast(text: string): boolean {
  const normalized = normalizeText(text);
  // The first clause dates the story; a date later on is often background to a danger now ("he tried before in 2022").
  const opening = normalized.split(/[,.;!?，。！？；\n]/)[0]!;
  const past = writtenInChinese(text)
    ? CHINESE_DATED_STORY.test(opening) || CHINESE_PAST.test(opening) || CHILDHOOD_ZH.test(opening)
    : DATED_STORY.test(opening) || PAST_MARKERS.test(opening) || DATED_OPENING.test(opening) || SAYS_IT_IS_OLD.test(normalized);
  return past && !saysItIsPresent(normalized);
}

/** Something in the turn says the danger is now or goes on, once the words of a resolution are set aside. */
function saysItIsPresent(normalized: string): boolean {
  if (writtenInChinese(normalized)) return CHINESE_ONGOING.test(normalized.replace(RESOLVED_ZH, ' ')) || /又|再次/.test(normalized);
  const unresolved = normalized.replace(EVERY_RESOLVED, ' ').replace(EVERY_SAYS_IT_IS_OLD, ' ');
  return RELAPSE.test(unresolved) || PRESENT.test(unresolved);
}

/** The turn before announced an old story ("wanna tell u something from back in 2020, its not happening now") and this one goes on telling it. */
function goesOnWithThePast(text: string, previous: string | undefined): boolean {
  return previous !== undefined && toldAsPast(previous) && !saysItIsPresent(normalizeText(text));
}

/** Kinds of danger that are events (it happened, or it is happening), not a wish or an intent the person may still have. */
const EVENT_KINDS: ReadonlySet<RiskKind> = new Set(['sexual-assault', 'child-abuse', 'domestic-violence', 'overdose', 'medical', 'disaster', 'threat']);

/**
 * An alarm on a turn told as the past (toldAsPast), or going on with an old story the turn before
 * announced, is asked about instead (decision 107): doubt about whether a danger is current resolves
 * toward asking (issue 12). For the classifier's alarm unless it is sure (CLASSIFIER_SURE_SCORE); for
 * the rules' alarm only on an event — a wish to die or an intent to hurt someone may still be there
 * however the story is dated. Learned from blind rounds 87-110 after their scores were committed ("so
 * back in 2021 i swallowed a bunch of my moms pills…", "我細個俾爸爸打，而家我已經四十歲", "nam ngoai nha toi bi chay
 * het", "something happened to me in college like 10 years ago…"): on rounds 87-110 it spared 7 benign
 * conversations of 600 and 2 single false alarms, on rounds 1-86 one false alarm, and cost no crisis
 * on either.
 */
function pastToldAlarm(text: string, previous: string | undefined, { rules, verdict, score }: Reading): boolean {
  if (riskRank(verdict.level) < riskRank('crisis') || score >= CLASSIFIER_SURE_SCORE) return false;
  if (riskRank(rules.level) >= riskRank('crisis') && !rules.kinds.every((kind) => EVENT_KINDS.has(kind))) return false;
  return toldAsPast(text) || goesOnWithThePast(text, previous);
}

/**
 * A turn that says how it ended, and it ended well — "he got stitches at the er and hes home resting now", "pero
 * nakatayo naman sya agad", "不过她已经没事了", "我和孩子都很安全" — when only the classifier alarms on it below its sure
 * score, is asked about (decision 107). Learned from blind rounds 99-122 after their scores were committed; on rounds
 * 1-122 it spared three benign conversations and cost no crisis once "he left" no longer said safe when followed by
 * anything but the end of a sentence ("he left 30 min ago and wont pick up", round 121).
 */
function toldItEndedWell(text: string, { rules, verdict, score }: Reading): boolean {
  if (riskRank(rules.level) >= riskRank('crisis') || riskRank(verdict.level) < riskRank('crisis') || score >= CLASSIFIER_SURE_SCORE) return false;
  // Feeling fine after an overdose is no outcome: acetaminophen harms a day later ("i took 20 of the extra strength this
  // morning and i feel fine now", round 125).
  if (verdict.kinds.includes('overdose')) return false;
  const normalized = normalizeText(text);
  if (TOOK_AN_AMOUNT.test(normalized)) return false;
  return !NOT_SAFE.test(normalized) && (SAYS_SAFE.test(normalized) || ENDED_WELL.test(normalized));
}

const TOOK_AN_AMOUNT = /\b(?:took|taken|swallowed|drank|ate|had) (?:\d+|a (?:bunch|lot|handful)|all|too many|a whole|the whole|like \d+)\b/;
const ENDED_WELL = /\b(?:(?:he'?s|hes|she'?s|shes|they'?re|im|i'?m|we'?re) (?:home|back home) (?:resting|now|safe|ok|fine)|(?:looking|feeling|getting) better|(?:got|get|stood) (?:right )?up (?:right away|fine|on (?:her|his|my) own)|(?:nakatayo|tumayo) naman|ok(?:ay)? na (?:siya|sya|ako|kami)|khong sao|on roi|ya esta bien|esta bien ahora)\b|(?:已经|已經)(?:没事|沒事|冇事)|没事了|沒事了|冇事了|很安全|好安全/;

/** User turns read together to see what only shows across turns. */
const WINDOW_TURNS = 3;
const REMEMBERED_STATES = 500;

export interface SafetyLayer {
  /** Reads one user turn; pure apart from a small memo of rebuilt states. */
  assess(input: TurnInput): TurnDecision;
  /** The verdict of the synchronous layers on one message alone (for evaluation and benches). */
  readMessage(text: string): RiskVerdict;
}

/** Whether an assistant reply asked the question a state says was asked (rebuilding from turns). */
function replyAsked(state: RiskState, reply: string | undefined): boolean {
  if (!state.asked || reply === undefined) return false;
  if (state.asked === 'harm-check') return questionIn(reply) === 'harm-check';
  return reply.includes(questionText(replyWords(state.language, state.traditional), state.asked));
}

/**
 * The question a reply asked, whoever wrote it (Ellis's fixed text or a model's own words). A question quoted as an example
 * ("ask it straight: '¿Estás pensando en quitarte la vida?'") is not asked of the person, and a short answer answers the
 * last question of a reply ("are you okay right now? did you use?" — "nope"): another question counts only when it is the
 * last one, the screening question wherever it is. Learned from blind rounds 45-52 after their scores were committed; on
 * rounds 1-52 this spared two benign conversations and cost no crisis.
 */
function questionIn(reply: string | undefined): RiskState['asked'] {
  if (reply === undefined) return null;
  const unquoted = reply.replace(QUOTED, ' ').replace(OFFERED, ' ');
  const asked = questionAsked(normalizeText(unquoted));
  const last = unquoted.match(/[^.?!。？！]*[?？]/g)?.at(-1);
  if (asked === null || last === undefined) return asked;
  return questionAsked(normalizeText(last)) ?? (asked === 'screening' ? asked : null);
}

function questionAsked(normalized: string): RiskState['asked'] {
  if (ASKS_SCREENING.test(normalized)) return 'screening';
  if (ASKS_HARM.test(normalized)) return 'harm-check';
  if (ASKS_OTHERS_SAFETY.test(normalized)) return 'others-check';
  return ASKS_SAFETY.test(normalized) ? 'safety-check' : null;
}

/**
 * A question that offers something ("Would you like resources on responsible portrayal of suicide?", "want me to share the
 * 988 number?") asks nothing about the person: its yes is not an answer to a screening question (learned from blind rounds
 * 111-116 after their scores were committed).
 */
const OFFERED = /(?<=^|[.!?。！？]\s*)(?:would you like|do you want|want me to|should i|shall i|can i (?:send|share|give|text)|would it help if i|¿?(?:quieres|te gustar[ií]a) que|gusto mo bang|bạn có muốn (?:mình|tôi))[^.?!。！？]*[?？]|(?:要唔要|要不要)[^。！？?]*[？?]/gi;

/**
 * A quotation: opened after a space, a colon or a dash, closed before a space or punctuation (not "that's"); an apostrophe
 * inside a word ("'are you thinking about suicide? i'm here either way'") does not close it.
 */
const QUOTED = /(?<=^|[\s:(—-])(?:'(?=\S)(?:[^'\n]|'(?=\w)){3,}?(?<=\S)'|"(?=\S)[^"\n]{3,}?(?<=\S)"|‘[^’\n]{3,}?’|“[^”\n]{3,}?”|「[^」\n]{3,}?」|『[^』\n]{3,}?』)(?=$|[\s.,!?;:)—-])/g;

/**
 * The question the state says was asked stands only if the last reply asked it: a "yes" or "no" to
 * some other question ("is the baby okay?", "would a group help?") is not an answer to ours.
 */
function withQuestionAnswerable(state: RiskState, reply: AssistantTurn | undefined): RiskState {
  if (!state.asked || reply?.role !== 'assistant') return state;
  return replyAsked(state, reply.content) || questionIn(reply.content) === state.asked ? state : { ...state, asked: null };
}

/** The state with the question the last reply asked, when the state does not already say so. */
function withQuestionFrom(state: RiskState, reply: AssistantTurn | undefined): RiskState {
  if (state.asked || reply?.role !== 'assistant') return state;
  const asked = questionIn(reply.content);
  return asked ? { ...state, asked } : state;
}

/** Earlier user turns that can set the conversation's frame. */
const FRAME_TURNS = 5;
/**
 * How to help a friend or a relative ("how do i help a friend whos really depressed, shes at the shelter w me") opens a
 * story about a real person, not a frame of talk about danger: six writers of blind rounds 16-30 opened a crisis
 * conversation this way and none a benign one (the benign ones asked it later, after saying everyone is fine). Learned
 * from blind rounds 29 and 30 after their scores were committed, where the frame kept "she said tonight after curfew
 * shes gonna walk to the train tracks" a question. The turn itself is still read as talk about danger.
 */
const HELPING_SOMEONE_CLOSE = /\bhow (?:do|can|should|could|would) (?:i|we|you|u) (?:help|support|talk to|be there for|check on) (?:a friend|my (?!self)\w+|him|her)\b/;

/**
 * In a conversation the person has framed, in words the rules recognise, as talk about danger (a
 * trainee, an outreach worker, a parent asking in general), an alarm only the classifier raises is
 * doubt about whether the danger is current: it asks instead (decision 083). A resource question is
 * not such a frame: only the rules' reading sets it, not the classifier's.
 */
function askingInFrame({ rules, verdict, score }: Reading, text: string): RiskVerdict {
  if (riskRank(verdict.level) < riskRank('crisis')) return verdict;
  // A bare line in such a conversation ("overdose. he was 24" after "10 yrs since my brother died") is part of the
  // story: asked about too, like a bare opening line (decision 101).
  if (isBareLine(text, BARE_WORDS)) return { ...verdict, level: 'concern' };
  // So sure that the frame does not make it a question, as for a single message (CLASSIFIER_SURE_SCORE): "ya lo decidí,
  // tengo las pastillas de mi esposa" after "mi esposa murió" scored 1.00 (learned from blind rounds 45-52).
  if (score >= CLASSIFIER_SURE_SCORE) return verdict;
  if (askedInFrame(text)) return { ...verdict, level: 'concern' };
  if (riskRank(rules.level) >= riskRank('crisis')) return verdict;
  // Someone not waking up now, after a question about naloxone or test strips, is the emergency the question prepared
  // for: 911 first (learned from blind round 26, where "he won't wake up, snoring loud and pale" got the screening
  // question). The classifier's kind is a guess (it said suicide there); only a fire or a flood stays in a frame about
  // one ("saw on the news theres a big fire" then "the smoke is bad" where the person sleeps).
  if (verdict.level === 'immediate-danger' && !(verdict.kinds.length > 0 && verdict.kinds.every((kind) => kind === 'disaster'))) return verdict;
  return { ...verdict, level: 'concern' };
}

/**
 * A question in a conversation framed as talk about danger (a writer's scene, a student's research, a
 * volunteer's training) is part of that talk, whichever layer alarms on its words ("theres a scene
 * where he finds a guy OD'd in a parking lot. what would he realistically do"; "theres a line where
 * the speaker says she wants to disappear. too dark?"): asked about, not alarmed (decision 107). Not
 * when it says it is now, or is the person's own wish or a lethal amount, and not when a sentence in
 * the first person holds a means or an act ("i have the pills right here"). Learned from blind rounds
 * 105-116 after their scores were committed; on rounds 1-116 it spared four benign conversations
 * ("…想知道頭幾個星期點解咁高危" after "我係社工系學生，做緊功課" among them) and cost no crisis. A frame set by the words
 * "school project" or "research" alone was measured and not adopted: "what hospitals do the rape kit
 * thing. its for a school project" opened a disclosure (round 67).
 */
function askedInFrame(text: string): boolean {
  const normalized = normalizeText(text);
  if (SAYS_IT_IS_NOW.test(normalized) || OWN_WISH_OR_LETHAL.test(normalized)) return false;
  const sentences = normalized.split(/(?<=[.?!])\s+|(?<=[。？！])/).map((sentence) => sentence.trim());
  const asks = /[?？]|點解|点解|为什么|為什麼|怎么|怎麼|點樣|点样/.test(text) || ASKS_TO_KNOW.test(normalized) || sentences.some((sentence) => INFO_QUESTION.test(sentence));
  if (!asks) return false;
  // The writer speaks of the work in the first person ("i want it to be real"); a means or an act in hand in the same
  // sentence as the person themself is no longer the story ("i have the pills right here").
  return !sentences.some((sentence) => FIRST_PERSON.test(sentence) && ACUTE_NOW.test(sentence));
}

const FIRST_PERSON = /\b(?:i|i'?m|im|me|my|myself|we|us|our|yo|mi|estoy|ako|ko|akin|kami|namin|toi|tui|minh|chung toi)\b|我/;

/** Where a reply turns ("no, it's a joke… but"): what follows is read on its own. */
const CONTRAST = /\b(?:but|though|pero|kaso|nhung|ma)\b|但|不过|不過|可是/;

/**
 * A clear no to the screening question covers the words of death in the same reply ("lmaooo no its a joke im too
 * stubborn to die"): stays attentive, no alarm (decision 101). Not when it names a means, a time or immediate danger
 * ("no lol the pills are ready"), nor when what follows a "but" alarms by itself ("no but i think about dying").
 */
function deniedInAnswer(state: RiskState, normalized: string, { rules, verdict }: Reading, readTail: (text: string) => RiskVerdict): boolean {
  if (state.asked !== 'screening' || verdict.level !== 'crisis') return false;
  if (readAnswer(normalized) !== 'no') return false;
  const deathWords = verdict.kinds.every((kind) => SCREENED_KINDS.has(kind)) || riskRank(rules.level) < riskRank('crisis');
  if (!deathWords) return false;
  const contrast = CONTRAST.exec(normalized);
  if (ACUTE_NOW.test(contrast === null ? normalized : normalized.slice(0, contrast.index))) return false;
  if (contrast === null) return true;
  // What follows the "but" alarms by the rules or by the whole layer: the rules' words stand here whatever the classifier's
  // doubt ("no but honestly i want to die every single day" scored 0.1996 after retraining, decision 106).
  const tail = normalized.slice(contrast.index + contrast[0].length);
  return riskRank(readRules(tail).level) < riskRank('crisis') && riskRank(readTail(tail).level) < riskRank('crisis');
}

/**
 * A yes to "are you safe right now?" (or "is she safe?") is about what was asked: words the classifier alone alarms on in
 * that answer ("yea shes staying at her moms for now, he dont know where her mom stay", 0.86) are asked about, not alarmed,
 * unless it is sure (CLASSIFIER_SURE_SCORE) or the rules read danger. Learned from blind rounds 57-62 after their scores
 * were committed; on rounds 1-62 it spared one benign conversation and cost nothing.
 */
function answeredSafe(state: RiskState, normalized: string, { rules, verdict, score }: Reading): boolean {
  if (state.asked !== 'safety-check' && state.asked !== 'others-check') return false;
  if (riskRank(verdict.level) < riskRank('crisis') || riskRank(rules.level) >= riskRank('crisis') || score >= CLASSIFIER_SURE_SCORE) return false;
  if (NOT_SAFE.test(normalized)) return false;
  return readAnswer(normalized) === 'yes' || SAYS_SAFE.test(normalized) || SAYS_IT_IS_OVER.test(normalized);
}

/** One message read by the rules alone and by the whole layer. */
interface Reading {
  rules: RiskVerdict;
  verdict: RiskVerdict;
  /** The classifier's crisis score of the message alone (0 without a classifier). */
  score: number;
}

/**
 * A sexual assault told with the day it happened ("got raped saturday at a party"): recent, when care and evidence still
 * matter, and the rules' words for it are precise, so the classifier's doubt does not make it a question (learned from
 * blind round 29 after its score was committed, where it scored 0.19; on rounds 1-30 no level-none message was spared).
 */
const TOLD_DAYS_AGO = /\b(?:(?:last |this past |on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|this weekend|last weekend|the other night|(?:a |two |2 |three |3 |few |couple )(?:days?|nights?) ago|el (?:sabado|domingo|viernes|lunes|martes|miercoles|jueves)|noong (?:sabado|linggo|biyernes))\b/;

/**
 * A rules alarm the classifier scores below CLASSIFIER_DOUBT_SCORE is doubt, asked about instead (decisions 081–083) —
 * unless the message is too short for the classifier to judge, or the rules are to be believed over it (decision 084):
 * a sexual assault told with its day, and a message that says it is current (blind rounds 10 and 11 lost four such
 * crises to the doubt). From decision 084 to 105 the Chinese rules' immediate danger was never doubted either (the
 * classifier then read Chinese worst: a fire reaching a camp, told in Cantonese, scored 0.02); trained with rounds 1–86
 * it reads Chinese well enough that doubting them too spared 8 false alarms and 2 benign conversations on rounds 87–98
 * and 5 false alarms on rounds 63–86 held out, with no crisis lost (decision 106).
 */
function doubtedByClassifier(text: string, rules: RiskVerdict, learned: { score: number }): boolean {
  if (riskRank(rules.level) < riskRank('crisis') || learned.score >= CLASSIFIER_DOUBT_SCORE || tooShortToDoubt(text)) return false;
  const normalized = normalizeText(text);
  if (rules.kinds[0] === 'sexual-assault' && TOLD_DAYS_AGO.test(normalized)) return false;
  return !SAYS_IT_IS_NOW.test(normalized);
}

/**
 * A conversation's bare opening line: a few words ("i want to die", "i was raped", "my chest hurts", "我想死啊")
 * with nothing yet to say whether it is happening now or the start of a story (decision 100). Like a counselor,
 * Ellis asks first — the screening question, or "are you safe right now?" — and the answer decides. On rounds
 * 1–15 (already read, not blind) this took benign conversations alarmed from 27 to 16 of 375 and lost one
 * single-message crisis of 2,250 ("wanna die", now asked); 5 words would lose one more for one conversation.
 */
const BARE_WORDS = 4;
const BARE_CJK = 8;
/**
 * A short opening line (up to eight words) read as a crisis, not as immediate danger, is asked about first too
 * (decision 101): "honestly i want to die", "my best friend tried to hang herself", "tôi vừa giết hết bọn nó".
 * Immediate danger is not: asking would put a question before 911 when someone is not breathing now.
 */
const SHORT_WORDS = 8;
/**
 * Said to be happening now, or a means or an act in hand: a bare line like this is acted on at once. Matched on
 * text without accents, so a few Vietnamese words hit others (cậu, chạy, lại): that errs toward acting, as before.
 * "Again" in each language ("em lại cắt tay rồi", "sinusugatan ko ulit", "我又割手了") says it is going on, and "just
 * tried", "last night" or "yesterday" that it has just happened ("i was raped last night"). A plain "i'm going to…"
 * is asked about: two writers opened benign conversations with "gonna kill my roommate" and "my brother just said hes
 * gonna kill himself".
 */
const ACUTE_NOW = new RegExp(
  String.raw`\b(?:now|${NOW_WORDS}|please|pls|plz|hurry|took|taken|swallowed|drank|overdosing|od'?ing|choking|strangling|blood|fire|smoke|flood\w*|gun|knife|pills|rope|bridge|jump\w*|roof|ledge|gas|narcan|naloxone|not working|(?:good)?bye (?:everyone|everybody|world|all)|tonite|2nite|ngl|no cap|just (?:\w+ed|took|drank|ate|cut|hit|shot|swallowed)|last night|yesterday|otra vez|de nuevo|acab[oa] de|anoche|ayer|ayuda|auxilio|sangre|pastillas|fuego|pistola|cuchillo|puente|tulong|saklolo|dugo|sunog|baril|kutsilyo|tulay|ulit|na naman|kagabi|kahapon|cuu|giup|mau|chay|sung|dao|cau|dang|lai|vua|hom qua|dem qua|toi qua)\b|${NOW_WORDS_ZH}|又|刚刚|剛剛|啱啱|刚才|剛才|昨晚|昨天|昨日|琴晚|寻晚|尋晚|琴日|寻日|尋日|马上|馬上|救命|血|火|枪|槍|刀|药|藥|桥|橋|跳|正在`,
);

/**
 * Suicide named as the person's own act ("i want to kill myself", "quiero matarme", "我想自杀"): intent, a crisis
 * (issue 12), not a wish to be dead to ask about first. The screening question would ask what was just said.
 */
const OWN_SUICIDE = new RegExp(
  String.raw`\b(?:kill(?:ing)? myself|end(?:ing)? my (?:own )?life|take my (?:own )?life|unalive myself|kms|matarme|suicidarme|quitarme la vida|(?:gusto ko(?:ng| nang)?|ako(?:y|'y)?) magpakamatay|magpapakamatay (?:na )?ako|(?:toi|tao|em|minh) (?:muon |se |sap )?tu tu)\b|我(?:想|要|會|会)?(?:自[杀殺]|了[结結]自己)`,
);

/** At most `words` words (BARE_CJK Chinese characters), with nothing to say it is now, a means, an act or their own suicide. */
function isBareLine(text: string, words: number): boolean {
  if (!shorterThan(text, words + 1, BARE_CJK + 1)) return false;
  const normalized = normalizeText(text);
  return !ACUTE_NOW.test(normalized) && !SAYS_IT_IS_NOW.test(normalized) && !OWN_SUICIDE.test(normalized);
}

function isBareOpening(text: string, level: RiskVerdict['level']): boolean {
  return isBareLine(text, level === 'immediate-danger' ? BARE_WORDS : SHORT_WORDS);
}

/** An opening line the layers alarm on that is asked about first. */
function askedFirst(text: string, level: RiskVerdict['level']): boolean {
  return riskRank(level) >= riskRank('crisis') && isBareOpening(text, level);
}

/**
 * Laughing out loud in so many signs ("想死 😂", "me quiero morir jajaja", "i want to die hahaha") beside a wish to be dead
 * or to end it, or beside a threat to hurt someone: hyperbole more often than not, so it is asked about rather than alarmed
 * (decisions 101 and 102). Not "lol" for a wish to be dead: writers of crises used it to mask real plans ("wrote my will on
 * a napkin lol").
 */
const LAUGHING = /😂|🤣|😆|😹|💀|☠|\b(?:ha){2,}h?\b|\b(?:ja){2,}j?\b|\b(?:he){3,}\b|\bkkk+\b|哈哈|呵呵/;
/** A threat to hurt someone said with a laugh ("lmaooo im gonna kill my sister she ate my leftovers"): "lol" counts here. */
const LAUGHING_AT_THREAT = /\blo+l\b|\blm+f?a+o+\b/;
function isSaidLaughing(text: string, verdict: RiskVerdict): boolean {
  if (riskRank(verdict.level) < riskRank('crisis') || verdict.kinds.length === 0) return false;
  const normalized = normalizeText(text);
  const threatens = verdict.kinds.every((kind) => kind === 'harm-to-others');
  // Someone's threat to the person, told laughing ("wife says if i leave the seat up one more time she'll kill me 😂"), is
  // hyperbole more often than not too (decision 103); not "lol" there, which abuse can hide behind.
  const threatened = verdict.kinds.every((kind) => kind === 'threat' || kind === 'domestic-violence');
  // Immediate danger told laughing is only ever a threat ("mi mamá dice que la voy a matar de un coraje ... jaja": the rules
  // read killing someone as immediate); a bodily emergency is not hyperbole (learned from blind rounds 45-56).
  if (verdict.level === 'immediate-danger' && !threatens && !threatened) return false;
  if (threatens || threatened) {
    return (LAUGHING.test(text) || (threatens && LAUGHING_AT_THREAT.test(normalized))) && !SAYS_IT_IS_NOW.test(normalized) && !ACUTE_NOW.test(normalized);
  }
  if (!verdict.kinds.every((kind) => kind === 'suicide')) return false;
  return LAUGHING.test(text) && !SAYS_IT_IS_NOW.test(normalized);
}

/** Words of getting ready or of a case in general: "if", "signs", "smell like", "in case", "preparada", "handa", 如果, 咩味. */
const PREPARING = /\b(?:if|when|signs?|symptoms?|spot|recogni[sz]e|identify|teach\w*|train\w*|first aid|cpr|learn\w*|smell like|look like|sound like|watch for|look out for|just in case|in case|prepared?|preparad[oa]|handa|sintomas|senales|senyales|dau hieu|neu|kung|pag|si|cuando)\b|如果|假如|以防万一|以防萬一|症状|症狀|咩味|什么味|什麼味|点分|點分|点知|點知|怎么知道|怎麼知道/;
/** A question asked as a wish to know ("gusto ko lang malaman ano gagawin pag nag-seizure sya"; learned from blind rounds 57-62). */
const ASKS_TO_KNOW = /\b(?:i (?:just |only )?want(?:ed)? to know|(?:i )?wanna know|(?:i'?d|i would) like to know|gusto (?:ko )?(?:lang )?(?:malaman|matuto)|quiero saber|queria saber|(?:toi|em|minh) muon biet)\b|想知道|想知|想了解/;
/** The person's own wish, or a lethal amount asked about: a question like this is the danger itself. */
const OWN_WISH_OR_LETHAL =
  /\b(?:i|im|i'?m)\b[^.?!]{0,30}\b(?:want(?:ing)?|wanna|thinking (?:about|of)|going to|gonna|plan(?:ning)?)\b[^.?!]{0,20}\b(?:die|dying|kill|end it|hurt)\b|\b(?:want(?:ing)?|wanna) (?:to )?(?:die|kill myself|end (?:it|my life))\b|\bkill myself\b|\b(?:whole|entire|full) (?:bottle|pack|box|strip)\b|\bhow (?:many|much)\b[^.?!]{0,40}\b(?:kill|die|dead|lethal|od|not wake up)\b|\blethal\b/;

/**
 * A question asked to be ready for a danger ("what does a gas leak smell like? just moved into an rv and wanna know what to
 * watch for", "ano mga sintomas ng heat stroke?", "i volunteer at the shelter front desk. what are the warning signs
 * somebody might be thinking about suicide"): when the rules alarm on its words and the classifier does not, it is asked
 * about, not alarmed (decision 103) — doubt resolves toward asking. Not when it says it is now, or is the person's own wish
 * or a lethal amount ("does tylenol actually work if u take the whole bottle").
 */
function preparingQuestion(text: string, rules: RiskVerdict, learned: RiskVerdict): boolean {
  if (riskRank(rules.level) < riskRank('crisis') || riskRank(learned.level) >= riskRank('crisis')) return false;
  const normalized = normalizeText(text);
  if (!PREPARING.test(normalized) || OWN_WISH_OR_LETHAL.test(normalized) || SAYS_IT_IS_NOW.test(normalized)) return false;
  return ASKS_TO_KNOW.test(normalized) || normalized.split(/(?<=[.?!])\s+|(?<=[。？！])/).some((sentence) => INFO_QUESTION.test(sentence.trim()));
}

/**
 * The two layers joined (decision 081): either raises, doubt asks. `doubting`: the classifier's reading that may doubt a
 * rules alarm (of a later turn, the more alarmed of its readings alone and in context). `answersScreening`: the turn
 * answers our screening question, where words of dying are the person's answer, not talk about danger, so the
 * classifier's doubt does not make them a question (decision 106).
 */
function joined(text: string, rules: RiskVerdict, learned: RiskVerdict & { score: number }, doubting = learned, answersScreening = false): RiskVerdict {
  if ((!answersScreening && doubtedByClassifier(text, rules, doubting)) || preparingQuestion(text, rules, doubting)) return { ...rules, level: 'concern' };
  const level = learnedLevel(text, rules, learned);
  // Either layer's reading of talk about danger frames the turn (risk-state.ts), unless it alarms.
  const about = (rules.aboutDanger || learned.aboutDanger) && riskRank(higherRisk(level, rules.level)) < riskRank('crisis') ? { aboutDanger: true } : {};
  if (riskRank(level) <= riskRank(rules.level)) return { ...rules, ...about };
  // A word or two says too little for a kind too: an answer takes the kind of the question it answers.
  return { ...rules, ...about, level, kinds: rules.kinds.length > 0 || tooShort(text) ? rules.kinds : learned.kinds };
}

export function createSafetyLayer(options: SafetyLayerOptions = {}): SafetyLayer {
  const classify = options.classify === undefined ? classifyRisk : options.classify;
  const remembered = new Map<string, RiskState>();

  /**
   * `opening`: the message starts a conversation (or stands alone), so no earlier turn frames it. `earlierTurns`: the
   * user turns before a later turn, read with it by the classifier (decision 106); the last may announce an old story
   * (decision 107). A turn as the person said it, opening or
   * later, is asked about when only the classifier alarms below CLASSIFIER_ALARM_SCORE; other readings (the window, a
   * frame, the tail of an answer) are not turns.
   */
  function read(text: string, opening = true, earlierTurns?: readonly string[], answersScreening = false): Reading {
    const earlier = earlierTurns?.join('\n');
    const rules = readRules(text);
    const learned = classify ? classify(text, earlier) : null;
    // The classifier doubts a rules alarm on a later turn (CLASSIFIER_DOUBT_SCORE) only when it doubts it both alone, as it
    // was calibrated, and read with the turns before it: "not really. been collecting my pills all month anyway" after an
    // eviction scored 0.12 alone and 0.73 in context (decision 106).
    const alone = learned && earlier !== undefined && classify ? classify(text) : learned;
    const verdict = learned && alone ? joined(text, rules, learned, alone.score > learned.score ? alone : learned, answersScreening) : rules;
    const score = learned?.score ?? 0;
    const classifierAloneDoubts = (opening || earlier !== undefined) && riskRank(rules.level) < riskRank('crisis') && riskRank(verdict.level) >= riskRank('crisis') && score < CLASSIFIER_ALARM_SCORE && !(learned !== null && intentWithAPlan(text, learned));
    // Asked about first, like a counselor would (decision 100): the answer to the question decides.
    if (toldItEndedWell(text, { rules, verdict, score }) || pastToldAlarm(text, earlierTurns?.at(-1), { rules, verdict, score }) || classifierAloneDoubts || (opening && askedFirst(text, verdict.level)) || isSaidLaughing(text, verdict)) return { rules, verdict: { ...verdict, level: 'concern' }, score };
    return { rules, verdict, score };
  }

  function readMessage(text: string, opening = true): RiskVerdict {
    return read(text, opening).verdict;
  }

  function step(state: RiskState, userTexts: readonly string[], userText: string): TurnDecision {
    const normalized = normalizeText(userText);
    const earlierTurns = userTexts.length > 0 ? userTexts.slice(-EARLIER_TURNS_READ) : undefined;
    const reading = askingAQuestion(read(userText, userTexts.length === 0, earlierTurns, state.asked === 'screening'), state, userTexts.length > 0, userText, normalized);
    // The conversation's frame (decision 082): when an earlier turn of the window was talk about
    // danger (a trainee, a worker, a parent asking in general, the past), the turns read together are
    // read in that frame and raise nothing; this turn alone still can. Since decision 083 the rules'
    // reading of the last FRAME_TURNS turns sets it too.
    const earlier = userTexts.slice(-FRAME_TURNS).map((text) => read(text, false));
    // A bare opening line asked about is read again only through its answer, not in the window. Its reading is the
    // frame's while it is among the last FRAME_TURNS turns (read as not opening, which changes nothing for so few
    // words: the opening-only alarm of another danger needs ten); the string test spares any other reading.
    const opening = userTexts[0];
    const openingAskedFirst =
      opening !== undefined && isBareOpening(opening, 'crisis') && askedFirst(opening, (userTexts.length <= FRAME_TURNS ? earlier[0]! : read(opening, false)).verdict.level);
    const afterOpening = userTexts.slice(Math.max(openingAskedFirst ? 1 : 0, state.windowFrom ?? 0));
    const recent = [...afterOpening.slice(-(WINDOW_TURNS - 1)), userText];
    // A question about helping someone close frames nothing (null here); the positions stay those of the turns.
    const earlierFrames = userTexts.slice(-FRAME_TURNS).map((text, index) => (HELPING_SOMEONE_CLOSE.test(normalizeText(text)) ? null : earlier[index]!));
    const saidAbout = earlierFrames.some((reading) => reading?.rules.aboutDanger);
    const framed = saidAbout || earlierFrames.slice(-(WINDOW_TURNS - 1)).some((reading) => reading?.verdict.aboutDanger);
    // A no that covers its own words of death, or a yes to our safety check: the turn is read through its answer.
    const denied = deniedInAnswer(state, normalized, reading, (tail) => readMessage(tail, false)) || answeredSafe(state, normalized, reading);
    // An answer to our question is about what was asked: the kind the classifier guesses from its few words ("no he is
    // still here" read as someone else's self-harm) is left out; the rules' kinds stay.
    const verdict = state.asked ? { ...reading.verdict, kinds: reading.rules.kinds } : withKindsAcrossTurns(reading, recent);
    const decision = advanceRisk(state, {
      verdict: denied ? { ...verdict, level: 'concern' } : saidAbout ? askingInFrame({ ...reading, verdict }, userText) : verdict,
      window: recent.length > 1 && !framed && !denied ? readMessage(recent.join('\n'), false) : { level: 'none', kinds: [], language: 'en' },
      normalized,
    });
    // The denied turn is read again only through its answer, not with the turns after it.
    return denied ? { ...decision, state: { ...decision.state, windowFrom: userTexts.length + 1 } } : decision;
  }

  /**
   * A later turn only the classifier alarms on says little about which danger it is: "ayaw na nya gumising, humihilik ng
   * malakas tapos maputla" (he won't wake up, snoring loud and pale) read alone is a guess of suicide, and got the suicide
   * reply in Chromium after a question about fentanyl and "my friend used earlier". The recent turns read together name it
   * (an overdose), and the reply follows the kind: 911, naloxone, poison control.
   */
  function withKindsAcrossTurns({ rules, verdict }: Reading, recent: readonly string[]): RiskVerdict {
    if (!classify || recent.length < 2 || rules.kinds.length > 0 || riskRank(verdict.level) < riskRank('crisis')) return verdict;
    const across = classify(recent.join('\n'));
    return riskRank(across.level) >= riskRank('concern') && across.kinds.length > 0 ? { ...verdict, kinds: across.kinds } : verdict;
  }

  /** Replays the turns, resuming from the longest prefix already replayed (a call adds two turns at a time). */
  function rebuild(history: readonly AssistantTurn[]): RiskState {
    const digests: string[] = [];
    let digest = '';
    for (const turn of history) {
      digest = createHash('sha256').update(`${digest}\u0000${turn.role}\u0000${turn.content}`).digest('base64url');
      digests.push(digest);
    }
    let resumeAt = 0;
    let state = INITIAL_RISK_STATE;
    for (let index = digests.length - 1; index >= 0; index -= 1) {
      const known = remembered.get(digests[index]!);
      if (known) {
        state = known;
        resumeAt = index + 1;
        break;
      }
    }
    const userTexts = history.slice(0, resumeAt).filter((turn) => turn.role === 'user').map((turn) => turn.content);
    for (let index = resumeAt; index < history.length; index += 1) {
      const turn = history[index]!;
      if (turn.role === 'user') {
        state = step(state, userTexts, turn.content).state;
        userTexts.push(turn.content);
        if (state.asked && !replyAsked(state, history[index + 1]?.content)) state = { ...state, asked: null };
        state = withQuestionFrom(state, history[index + 1]);
        continue;
      }
      // After the reply, the state of this prefix is final.
      if (remembered.size >= REMEMBERED_STATES) remembered.delete(remembered.keys().next().value!);
      remembered.set(digests[index]!, state);
    }
    return state;
  }

  return {
    readMessage,
    assess({ history, userText, state }) {
      const prior = state ? withQuestionFrom(withQuestionAnswerable(state, history.at(-1)), history.at(-1)) : rebuild(history);
      const userTexts = history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
      return step(prior, userTexts, userText);
    },
  };
}
