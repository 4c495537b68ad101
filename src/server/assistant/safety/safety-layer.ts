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
import { replyWords } from '../crisis-reply.ts';
import { classifyRisk } from './classifier/classify.ts';
import { ASKS_SAFETY, ASKS_SCREENING } from './rules/answers.ts';
import { advanceRisk, INITIAL_RISK_STATE, type RiskState, type TurnDecision } from './risk-state.ts';
import { higherRisk, riskRank, type RiskVerdict } from './risk.ts';

/** The learned second layer: classifier/classify.ts, or a stand-in in tests. */
export type RiskClassifier = (text: string) => RiskVerdict & { score: number };

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
 * How far the classifier may raise a turn on its own (docs/decisions/056-classifier-gated-by-score.md).
 * Calibrated on the labelled and earlier held-out rounds (677 benign or hard-negative messages, 723
 * crises, all already seen by the rules): at 0.95, 3.4% of the benign ones would be asked the
 * screening question and 42% of the crises are caught by the classifier alone. Its own thresholds
 * alarm on 13–22% of those benign messages, so it asks rather than alarms: concern at 0.95; crisis
 * only at 0.995 when the rules already see concern.
 */
const CLASSIFIER_CONCERN_SCORE = 0.95;
const CLASSIFIER_CRISIS_SCORE = 0.995;

function learnedLevel(rules: RiskVerdict, learned: RiskVerdict & { score: number }): RiskVerdict['level'] {
  if (rules.aboutDanger || riskRank(learned.level) < riskRank('concern')) return 'none';
  if (learned.score >= CLASSIFIER_CRISIS_SCORE && rules.level === 'concern' && riskRank(learned.level) >= riskRank('crisis')) return 'crisis';
  return learned.score >= CLASSIFIER_CONCERN_SCORE ? 'concern' : 'none';
}

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
  const words = replyWords(state.language, state.traditional);
  return reply.includes(state.asked === 'screening' ? words.screening : words.safetyCheck);
}

/** The question a reply asked, whoever wrote it (Ellis's fixed text or a model's own words). */
function questionIn(reply: string | undefined): RiskState['asked'] {
  if (reply === undefined) return null;
  const normalized = normalizeText(reply);
  if (ASKS_SCREENING.test(normalized)) return 'screening';
  return ASKS_SAFETY.test(normalized) ? 'safety-check' : null;
}

/** The state with the question the last reply asked, when the state does not already say so. */
function withQuestionFrom(state: RiskState, reply: AssistantTurn | undefined): RiskState {
  if (state.asked || reply?.role !== 'assistant') return state;
  const asked = questionIn(reply.content);
  return asked ? { ...state, asked } : state;
}

export function createSafetyLayer(options: SafetyLayerOptions = {}): SafetyLayer {
  const classify = options.classify === undefined ? classifyRisk : options.classify;
  const remembered = new Map<string, RiskState>();

  function readMessage(text: string): RiskVerdict {
    const rules = readRules(text);
    if (!classify) return rules;
    const learned = classify(text);
    const level = learnedLevel(rules, learned);
    if (riskRank(level) <= riskRank(rules.level)) return rules;
    return { ...rules, level, kinds: rules.kinds.length > 0 ? rules.kinds : learned.kinds };
  }

  function step(state: RiskState, userTexts: readonly string[], userText: string): TurnDecision {
    const recent = [...userTexts.slice(-(WINDOW_TURNS - 1)), userText];
    return advanceRisk(state, {
      verdict: readMessage(userText),
      window: recent.length > 1 ? readRules(recent.join('\n')) : { level: 'none', kinds: [], language: 'en' },
      normalized: normalizeText(userText),
    });
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
      const prior = state ? withQuestionFrom(state, history.at(-1)) : rebuild(history);
      const userTexts = history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
      return step(prior, userTexts, userText);
    },
  };
}
