/**
 * The fixed safety replies (DESIGN §7.1): reviewed wording, no model involved, so they are the
 * same whether a provider is up, down or misbehaving. Short on purpose: someone in crisis reads the
 * first two lines. One reply per kind of danger, in the person's language
 * (safety/replies/), with the lines that serve that kind. Numbers come only from
 * src/shared/crisis-lines.ts.
 */
import { findCrisisLine, type CrisisLine, type CrisisLineId } from '../../shared/crisis-lines.ts';
import type { CrisisLevel, CrisisResource } from './assistant.ts';
import { englishReplies } from './safety/replies/en.ts';
import { spanishReplies } from './safety/replies/es.ts';
import type { ReplyWords } from './safety/replies/reply-words.ts';
import { tagalogReplies } from './safety/replies/tl.ts';
import { vietnameseReplies } from './safety/replies/vi.ts';
import { traditionalChineseReplies } from './safety/replies/zh-hant.ts';
import { chineseReplies } from './safety/replies/zh.ts';
import type { SafetyQuestion } from './safety/risk-state.ts';
import type { RiskKind, RiskVerdict, SafetyLanguage } from './safety/risk.ts';

export interface CrisisReply {
  level: CrisisLevel;
  text: string;
  resources: CrisisResource[];
}

const WORDS: Record<SafetyLanguage, ReplyWords> = {
  en: englishReplies,
  es: spanishReplies,
  zh: chineseReplies,
  tl: tagalogReplies,
  vi: vietnameseReplies,
};

export function replyWords(language: SafetyLanguage, traditional = false): ReplyWords {
  return language === 'zh' && traditional ? traditionalChineseReplies : WORDS[language];
}

/** The fixed wording of a question the safety layer asks. */
export function questionText(words: ReplyWords, question: SafetyQuestion): string {
  if (question === 'screening') return words.screening;
  return question === 'others-check' ? words.othersCheck : words.safetyCheck;
}

/** The lines for each kind, most useful first; 911 goes first whenever the danger is immediate. */
const LINES_BY_KIND: Record<RiskKind, readonly CrisisLineId[]> = {
  suicide: ['988', 'crisis-text-line'],
  'self-harm': ['988', 'crisis-text-line'],
  'others-self-harm': ['988', 'crisis-text-line'],
  'harm-to-others': ['988', '911'],
  threat: ['911', '988'],
  'domestic-violence': ['domestic-violence', '988'],
  'sexual-assault': ['sexual-assault', '911', '988'],
  trafficking: ['trafficking', '911'],
  'child-abuse': ['child-abuse', '911'],
  overdose: ['911', 'poison-control'],
  medical: ['911'],
  disaster: ['911'],
};

/** Kinds whose reply already says 911 first, so a closing question asks whether they can call. */
const CALL_NOW: ReadonlySet<RiskKind> = new Set(['medical', 'overdose', 'disaster']);
const SELF_DIRECTED: ReadonlySet<RiskKind> = new Set(['suicide', 'self-harm']);

function toResource(line: CrisisLine): CrisisResource {
  const resource: CrisisResource = { name: line.name };
  if (line.phone) resource.phone = line.phone;
  if (line.sms) resource.sms = line.sms;
  if (line.smsBody) resource.smsBody = line.smsBody;
  if (line.url) resource.url = line.url;
  return resource;
}

/** The lines sent with a crisis reply for these kinds: 911 first when urgent, then each kind's own lines. */
export function crisisResources(kinds: readonly RiskKind[], urgent: boolean): CrisisResource[] {
  const order: CrisisLineId[] = urgent ? ['911'] : [];
  for (const kind of kinds.length > 0 ? kinds : (['suicide'] as const)) {
    for (const id of LINES_BY_KIND[kind]) if (!order.includes(id)) order.push(id);
  }
  for (const id of ['988', 'crisis-text-line'] as const) if (!order.includes(id)) order.push(id);
  return order.map((id) => toResource(findCrisisLine(id)));
}

/** The fixed reply for a turn at crisis or immediate danger. Kinds are most urgent first. */
export function crisisReply(verdict: Pick<RiskVerdict, 'kinds' | 'language' | 'traditional'> & { level: CrisisLevel }): CrisisReply {
  const words = replyWords(verdict.language, verdict.traditional);
  const kinds = verdict.kinds.length > 0 ? verdict.kinds : (['suicide'] as RiskKind[]);
  const urgent = verdict.level === 'immediate-danger';
  const lead = kinds[0]!;
  const sentences = [(urgent ? words.leadNow[lead] : undefined) ?? words.lead[lead]];
  // A second kind adds its own first step only when it is a different kind of help.
  const second = kinds.find((kind) => kind !== lead && !(SELF_DIRECTED.has(kind) && SELF_DIRECTED.has(lead)));
  if (second && SELF_DIRECTED.has(second)) sentences.push(words.alsoSuicide);
  else if (second && !CALL_NOW.has(lead)) sentences.push((urgent ? words.leadNow[second] : undefined) ?? words.lead[second]);
  if (urgent && SELF_DIRECTED.has(lead)) sentences.push(words.urgentSelf);
  if (words.interpretation) sentences.push(words.interpretation);
  sentences.push(words.closing, CALL_NOW.has(lead) ? words.askCall : words.askSafe);
  return { level: verdict.level, text: sentences.join(verdict.language === 'zh' ? '' : ' '), resources: crisisResources(kinds, urgent) };
}
