/**
 * Risk as a state of the conversation (DESIGN §7.1): each user turn is read with
 * what came before, and the level moves by these rules:
 *
 * - It rises to the highest level any layer gives the turn, or that the recent turns give together
 *   (a plan told in pieces), and never falls because one turn is quiet.
 * - At concern the assistant asks one direct question, and the next reply is read as its answer:
 *   to the screening question (ASQ / C-SSRS screen) yes, kinda, maybe or idk → crisis, a clear no →
 *   stays attentive; to the safety check no or unsure → crisis, yes → attentive.
 * - Concern that keeps coming back (three turns), or a goodbye after it, is a crisis.
 * - It steps down one level only when the person says they are safe, or after three quiet turns
 *   (the topic has clearly moved on); never in the turn right after it rose.
 *
 * Pure functions over plain data: the state is stored with the conversation as JSON, and the test
 * chat and voice rebuild it from their turns.
 */
import { higherRisk, riskRank, RISK_KINDS, RISK_LEVELS, SAFETY_LANGUAGES, type RiskKind, type RiskLevel, type RiskVerdict, type SafetyLanguage } from './risk.ts';
import { ANSWER_DOUBT, ANSWER_NO, ANSWER_YES, BEFORE_ANSWER, FAREWELL, LAUGHING_FIRST, NOT_SAFE, PRESENT_NOW, SAYS_IT_IS_OVER, SAYS_SAFE } from './rules/answers.ts';

/** screening: about suicide (ASQ); safety-check: "are you safe right now?"; others-check: is the person they worry about safe. */
const SAFETY_QUESTIONS = ['screening', 'safety-check', 'others-check'] as const;
export type SafetyQuestion = (typeof SAFETY_QUESTIONS)[number];
/**
 * A question Ellis's fixed replies never ask but a model's reply can: "are you thinking about hurting him?" after anger at
 * someone. Its answer is read like the screening question's (learned from blind round 30, where "maybe. i got something for
 * him in my bag" answered it and nothing was raised).
 */
const ASKED_QUESTIONS = [...SAFETY_QUESTIONS, 'harm-check'] as const;
export type AskedQuestion = (typeof ASKED_QUESTIONS)[number];

export interface RiskState {
  level: RiskLevel;
  /** Kinds seen in this conversation, most recent first. */
  kinds: RiskKind[];
  language: SafetyLanguage;
  traditional?: boolean;
  /** The question the assistant asked in its last reply; the next user turn answers it. */
  asked: AskedQuestion | null;
  /** User turns since the level last rose (0: it rose at the last turn). */
  turnsAtLevel: number;
  /** User turns in a row without any sign of risk. */
  quietTurns: number;
  /** User turns with signs of concern in this conversation. */
  concernTurns: number;
  /** User turns before this one (0-based) are not read again with later ones: a clear no to the screening question covered them. */
  windowFrom?: number;
}

export const INITIAL_RISK_STATE: RiskState = {
  level: 'none',
  kinds: [],
  language: 'en',
  asked: null,
  turnsAtLevel: 0,
  quietTurns: 0,
  concernTurns: 0,
};

/** What the safety layer decided for one turn. */
export interface TurnDecision {
  state: RiskState;
  /** Send the fixed crisis reply for this level and these kinds before anything else. */
  alert: { level: 'crisis' | 'immediate-danger'; kinds: RiskKind[] } | null;
  /** Ask this question (fixed text) in this reply. */
  ask: SafetyQuestion | null;
  /** The person answered the screening question with a clear no. */
  screenedNo: boolean;
  /** Talking about danger, not in it: add a gentle mention of the line, no alarm. */
  aboutDanger: boolean;
}

export interface TurnReading {
  /** The turn as the layers read it (rules, classifier, model check: highest level wins). */
  verdict: RiskVerdict;
  /** The rules over the last few user turns together, to see what only shows across turns. */
  window: RiskVerdict;
  /** The turn's text, normalised (text.ts). */
  normalized: string;
}

type Answer = 'yes' | 'doubt' | 'no' | 'other';

const ABUSE_KINDS: ReadonlySet<RiskKind> = new Set(['domestic-violence', 'child-abuse', 'sexual-assault', 'threat', 'trafficking']);

export function readAnswer(normalized: string): Answer {
  const text = normalized.replace(BEFORE_ANSWER, '');
  if (ANSWER_DOUBT.test(text)) return 'doubt';
  if (ANSWER_NO.test(text)) return 'no';
  if (ANSWER_YES.test(text)) return 'yes';
  return 'other';
}

function mergeKinds(first: readonly RiskKind[], then: readonly RiskKind[]): RiskKind[] {
  return [...new Set([...first, ...then])];
}

/** Few words say little about the language ("ok", "si"): keep the conversation's. */
function turnLanguage(prev: RiskState, verdict: RiskVerdict, normalized: string): SafetyLanguage {
  if (verdict.language === 'zh') return 'zh';
  return normalized.split(' ').length >= 3 ? verdict.language : prev.language;
}

export function advanceRisk(prev: RiskState, reading: TurnReading): TurnDecision {
  const { verdict, window, normalized } = reading;
  const language = turnLanguage(prev, verdict, normalized);
  let turnLevel: RiskLevel = verdict.level;
  let turnKinds: RiskKind[] = verdict.kinds;
  let screenedNo = false;
  // An answer to "are you safe?" that says the danger is over ("nah lol im 42. hes dead") says they are safe (decision 107).
  const answersSafetyCheck = prev.asked === 'safety-check' || prev.asked === 'others-check';
  const saysSafe = (SAYS_SAFE.test(normalized) || (answersSafetyCheck && SAYS_IT_IS_OVER.test(normalized))) && !NOT_SAFE.test(normalized);

  // The answer to the question asked in the last reply.
  if (prev.asked) {
    const answer = readAnswer(normalized);
    // Laughing before a no to "are you safe?" ("haha hindi, patay ako kay boss") is not saying they are in danger.
    const laughed = LAUGHING_FIRST.test(normalized);
    const danger =
      prev.asked === 'screening' || prev.asked === 'harm-check'
        ? answer === 'yes' || answer === 'doubt'
        : NOT_SAFE.test(normalized) || (!saysSafe && !laughed && (answer === 'no' || answer === 'doubt'));
    if (danger) {
      // The answer is about what was asked ("no he is still here" after "he hit me with a belt"): its own words add a
      // kind only when they alarm by themselves, after the asked one.
      const askedAbout: RiskKind[] = prev.asked === 'screening' ? ['suicide'] : prev.asked === 'harm-check' ? ['harm-to-others'] : prev.kinds;
      turnKinds = mergeKinds(askedAbout, riskRank(turnLevel) >= riskRank('crisis') ? turnKinds : []);
      // Not safe, and the one who hurts them is there now: 911 first (issue 12).
      const abuserThere = askedAbout.some((kind) => ABUSE_KINDS.has(kind)) && PRESENT_NOW.test(normalized);
      turnLevel = higherRisk(turnLevel, abuserThere ? 'immediate-danger' : 'crisis');
    } else if (prev.asked === 'screening' && answer === 'no') {
      screenedNo = true;
    }
  }

  // What only shows across turns: pieces of a plan, "tonight" after "I want to die". A turn that is
  // itself talk about danger (a trainee's next question, a worker's case) is read in that frame: the
  // accumulated words of such a conversation are not a new sign (decision 082).
  // A turn that says they are safe now, or a clear no to the screening question, is not read again with the turn it
  // answers; and a turn with no sign of its own, answering nothing ("yes pls i dont want to seem like im ducking"),
  // does not make the words of a turn already asked about new. Learned from blind rounds 33-44 after their scores were
  // committed: on rounds 1-44 this spared six benign conversations and cost no crisis. Since blind rounds 57-62, a turn
  // that says they are safe does not raise the window even when nothing was asked ("bien, estoy segura y él no sabe dónde
  // vivo" after a past beating; one benign conversation of 1,550 spared, no crisis lost on rounds 1-62).
  const saysNothing = verdict.level === 'none' && !prev.asked;
  if (!verdict.aboutDanger && !saysSafe && !screenedNo && !saysNothing && riskRank(window.level) > riskRank(turnLevel) && riskRank(window.level) > riskRank(prev.level) && riskRank(window.level) >= riskRank('crisis') && riskRank(prev.level) >= riskRank('concern')) {
    turnLevel = window.level;
    turnKinds = mergeKinds(turnKinds, window.kinds);
  }
  const concernTurns = prev.concernTurns + (turnLevel === 'concern' && !verdict.aboutDanger ? 1 : 0);
  if (riskRank(prev.level) >= riskRank('concern') && riskRank(turnLevel) < riskRank('crisis')) {
    if (FAREWELL.test(normalized) || (turnLevel === 'concern' && concernTurns >= 3 && !screenedNo)) {
      turnLevel = 'crisis';
      turnKinds = mergeKinds(turnKinds, ['suicide']);
    }
  }

  const quiet = turnLevel === 'none' && !screenedNo;
  const quietTurns = quiet ? prev.quietTurns + 1 : 0;
  let level = higherRisk(prev.level, turnLevel);
  const rose = riskRank(level) > riskRank(prev.level);
  // Stepping down: never in the turn right after the level rose; only when the person says they
  // are safe, or after three quiet turns.
  if (!rose && riskRank(turnLevel) < riskRank(prev.level) && prev.turnsAtLevel >= 1) {
    if (saysSafe || quietTurns >= 3) level = RISK_LEVELS[riskRank(prev.level) - 1]!;
  }
  const changed = level !== prev.level;
  const kinds = riskRank(level) === 0 ? [] : mergeKinds(turnKinds, prev.kinds);

  const alertLevel = riskRank(turnLevel) >= riskRank('crisis') || (rose && riskRank(level) >= riskRank('crisis')) ? level : null;
  const alert =
    alertLevel === 'crisis' || alertLevel === 'immediate-danger'
      ? { level: alertLevel, kinds: turnKinds.length > 0 ? turnKinds : kinds }
      : null;
  const concernNow = level === 'concern' && turnLevel === 'concern' && !screenedNo;
  const selfDirected = turnKinds.length === 0 || turnKinds.some((kind) => kind === 'suicide' || kind === 'self-harm');
  // Someone else's danger is asked about them, not the person writing ("my son says he wants to kill himself").
  const aboutSomeoneElse = turnKinds.includes('others-self-harm');
  // One question at a time: not the same question twice in a row.
  const wanted: SafetyQuestion | null = concernNow ? (selfDirected ? 'screening' : aboutSomeoneElse ? 'others-check' : 'safety-check') : null;
  const ask = wanted && wanted !== prev.asked ? wanted : null;

  return {
    state: {
      level,
      kinds,
      language,
      ...(language === 'zh' && (verdict.traditional || prev.traditional) ? { traditional: true } : {}),
      asked: alert ? null : ask,
      turnsAtLevel: rose || changed ? 0 : prev.turnsAtLevel + 1,
      quietTurns: changed ? 0 : quietTurns,
      concernTurns: level === 'none' ? 0 : concernTurns,
      ...(prev.windowFrom ? { windowFrom: prev.windowFrom } : {}),
    },
    alert,
    ask: alert ? null : ask,
    screenedNo,
    aboutDanger: Boolean(verdict.aboutDanger) && !alert,
  };
}

/** A stored state, or null when it is not one (old rows, tampered test-chat turns). */
export function parseRiskState(value: unknown): RiskState | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as Record<string, unknown>;
  const level = state.level as RiskLevel;
  const language = state.language as SafetyLanguage;
  if (!RISK_LEVELS.includes(level) || !SAFETY_LANGUAGES.includes(language)) return null;
  const kinds = Array.isArray(state.kinds) ? state.kinds.filter((kind): kind is RiskKind => RISK_KINDS.includes(kind as RiskKind)) : [];
  const count = (key: string) => (typeof state[key] === 'number' && Number.isInteger(state[key]) && (state[key] as number) >= 0 ? (state[key] as number) : 0);
  const asked = ASKED_QUESTIONS.includes(state.asked as AskedQuestion) ? (state.asked as AskedQuestion) : null;
  return {
    level,
    kinds,
    language,
    ...(state.traditional === true ? { traditional: true } : {}),
    asked,
    turnsAtLevel: count('turnsAtLevel'),
    quietTurns: count('quietTurns'),
    concernTurns: count('concernTurns'),
    ...(count('windowFrom') > 0 ? { windowFrom: count('windowFrom') } : {}),
  };
}
