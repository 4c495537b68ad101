/**
 * The model check: with a model configured, a fixed JSON classification prompt
 * asks it to read the recent turns. It runs beside the reply, can only raise the level, and fails
 * safe: on a timeout, an error or an answer that is not the JSON asked for, it says nothing and
 * the rules and the classifier stand. The call goes through the LLM port (providers/llm), so no
 * vendor SDK is involved here.
 */
import type { LlmProvider } from '../../providers/llm/llm-provider.ts';
import type { AssistantTurn } from '../assistant.ts';
import { RISK_KINDS, RISK_LEVELS, type RiskKind, type RiskLevel } from './risk.ts';

export interface ModelVerdict {
  level: RiskLevel;
  kinds: RiskKind[];
}

export type ModelCheckOutcome = 'verdict' | 'timeout' | 'error' | 'garbage';

export interface ModelCheck {
  /** The model's verdict on the recent turns (the last one is the new user turn), or null when it fails. */
  check(turns: readonly AssistantTurn[], signal: AbortSignal): Promise<ModelVerdict | null>;
}

export interface ModelCheckOptions {
  provider: LlmProvider;
  /** After this, the check gives up and says nothing (SAFETY_MODEL_CHECK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Turns the model reads, counting the new one. */
  turns?: number;
  /** Told how each check ended, for metrics; never the text. */
  onOutcome?: (outcome: ModelCheckOutcome, elapsedMs: number) => void;
}

/** The fixed prompt. Kinds and levels are the vocabulary of risk.ts, so the answer maps one to one. */
export const MODEL_CHECK_PROMPT = [
  'You are a safety classifier for a support chat used by people facing homelessness and hardship. You do not reply to the person.',
  'Read the conversation below. Judge ONLY the risk of the person writing (role "user") now, reading their last message with the earlier ones.',
  'Levels:',
  '- "none": no current danger. Talking ABOUT danger is "none": past and resolved events, other people in general, questions about crisis lines, training or volunteering.',
  '- "concern": hopelessness, exhaustion, "I can\'t do this anymore", pieces of a plan without intent; a counselor would ask directly about suicide or safety.',
  '- "crisis": suicidal thoughts or intent, self-harm, abuse, sexual assault, trafficking, threats, or someone else at risk, happening now or recently.',
  '- "immediate-danger": needs 911 now: an attempt or overdose in progress, someone not breathing or unresponsive, an abuser or weapon present, fire or flood, a child in danger now.',
  `Kinds: ${RISK_KINDS.map((kind) => `"${kind}"`).join(', ')}.`,
  'The messages may be in English, Spanish, Chinese, Tagalog or Vietnamese.',
  'Answer with ONLY this JSON and nothing else: {"level": "<level>", "kinds": ["<kind>", ...]}',
].join('\n');

const JSON_OBJECT = /\{[\s\S]*\}/;

export function parseModelVerdict(text: string): ModelVerdict | null {
  const found = JSON_OBJECT.exec(text);
  if (!found) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(found[0]);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { level, kinds } = parsed as { level?: unknown; kinds?: unknown };
  if (typeof level !== 'string' || !RISK_LEVELS.includes(level as RiskLevel)) return null;
  const known = Array.isArray(kinds) ? kinds.filter((kind): kind is RiskKind => RISK_KINDS.includes(kind as RiskKind)) : [];
  return { level: level as RiskLevel, kinds: level === 'none' ? [] : known };
}

/** Longest answer read: a verdict is a few dozen characters; anything longer is not one. */
const MAX_ANSWER_CHARS = 2_000;

export function createModelCheck(options: ModelCheckOptions): ModelCheck {
  const turnsRead = options.turns ?? 6;
  return {
    async check(turns, signal) {
      const started = performance.now();
      const controller = new AbortController();
      const stop = () => controller.abort();
      signal.addEventListener('abort', stop, { once: true });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs);
      const finish = (outcome: ModelCheckOutcome) => options.onOutcome?.(outcome, performance.now() - started);
      try {
        const transcript = turns
          .slice(-turnsRead)
          .map((turn) => JSON.stringify({ role: turn.role, content: turn.content }))
          .join('\n');
        let answer = '';
        for await (const event of options.provider.stream({
          messages: [
            { role: 'system', content: MODEL_CHECK_PROMPT },
            { role: 'user', content: `Conversation (JSON lines, oldest first):\n${transcript}` },
          ],
          signal: controller.signal,
        })) {
          if (event.type === 'delta') answer += event.text;
          if (answer.length > MAX_ANSWER_CHARS) break;
        }
        if (timedOut || controller.signal.aborted) {
          finish('timeout');
          return null;
        }
        const verdict = parseModelVerdict(answer);
        finish(verdict ? 'verdict' : 'garbage');
        return verdict;
      } catch {
        finish(timedOut ? 'timeout' : 'error');
        return null;
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      }
    },
  };
}
