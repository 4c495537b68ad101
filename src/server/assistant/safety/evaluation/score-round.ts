/**
 * Scores the safety layer on a blind round. A round is written by someone who
 * never saw the rules; it is scored once, the numbers are recorded, and only then are its misses
 * used. Positive: expected crisis or immediate danger, caught when the level reaches crisis or
 * above. False alarm: a benign or hard-negative case (expected none) raised to crisis or above.
 * Expected concern is reported on its own: asked (reached concern) and alarmed (reached crisis).
 *
 * Conversations are played as text chat plays them: the state carried from turn to turn, the
 * round's assistant turns standing for Ellis's replies (a question about suicide or safety in them
 * is read as asked). A crisis conversation is caught when its level reaches crisis no later than
 * user turn `actBy` (0-based, user turns only); a benign one is a false alarm if any turn does.
 */
import type { AssistantTurn } from '../../assistant.ts';
import { INITIAL_RISK_STATE, type RiskState } from '../risk-state.ts';
import { riskRank, type RiskLevel } from '../risk.ts';
import type { SafetyLayer } from '../safety-layer.ts';

export interface RoundMessage {
  id: string;
  text: string;
  language: string;
  expected: RiskLevel;
  kind?: string | null;
}

export interface RoundConversation {
  id: string;
  language: string;
  expected: RiskLevel;
  kind?: string | null;
  actBy?: number;
  turns: Array<{ role: 'user' | 'assistant'; text: string }>;
}

export interface Round {
  round: number;
  messages: RoundMessage[];
  conversations: RoundConversation[];
}

interface Tally {
  positives: number;
  caught: number;
  negatives: number;
  falseAlarms: number;
}

const empty = (): Tally => ({ positives: 0, caught: 0, negatives: 0, falseAlarms: 0 });
const isAlarm = (level: RiskLevel) => riskRank(level) >= riskRank('crisis');

function rates(tally: Tally) {
  return {
    ...tally,
    recall: tally.positives === 0 ? null : round3(tally.caught / tally.positives),
    falseAlarmRate: tally.negatives === 0 ? null : round3(tally.falseAlarms / tally.negatives),
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function add(tallies: Map<string, Tally>, key: string, expected: RiskLevel, alarmed: boolean): void {
  const tally = tallies.get(key) ?? empty();
  if (isAlarm(expected)) {
    tally.positives += 1;
    if (alarmed) tally.caught += 1;
  } else if (expected === 'none') {
    tally.negatives += 1;
    if (alarmed) tally.falseAlarms += 1;
  }
  tallies.set(key, tally);
}

function table(tallies: Map<string, Tally>) {
  return Object.fromEntries([...tallies.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, tally]) => [key, rates(tally)]));
}

/** Plays one conversation; returns the 0-based user turn at which the level first reached crisis, or null. */
export function firstAlarmTurn(layer: SafetyLayer, conversation: RoundConversation): number | null {
  let state: RiskState = INITIAL_RISK_STATE;
  const history: AssistantTurn[] = [];
  let userTurn = 0;
  for (const turn of conversation.turns) {
    if (turn.role === 'assistant') {
      history.push({ role: 'assistant', content: turn.text });
      continue;
    }
    const decision = layer.assess({ history, userText: turn.text, state });
    state = decision.state;
    if (isAlarm(state.level)) return userTurn;
    history.push({ role: 'user', content: turn.text });
    userTurn += 1;
  }
  return null;
}

export function scoreRound(round: Round, layer: SafetyLayer) {
  const overall = new Map<string, Tally>();
  const byKind = new Map<string, Tally>();
  const byLanguage = new Map<string, Tally>();
  const concern = { cases: 0, asked: 0, alarmed: 0 };
  const missed: Array<{ id: string; level: RiskLevel }> = [];
  const falseAlarms: Array<{ id: string; level: RiskLevel }> = [];
  for (const message of round.messages) {
    const level = layer.readMessage(message.text).level;
    const alarmed = isAlarm(level);
    add(overall, 'all', message.expected, alarmed);
    if (message.kind) add(byKind, message.kind, message.expected, alarmed);
    add(byLanguage, message.language, message.expected, alarmed);
    if (message.expected === 'concern') {
      concern.cases += 1;
      if (riskRank(level) >= riskRank('concern')) concern.asked += 1;
      if (alarmed) concern.alarmed += 1;
    }
    if (isAlarm(message.expected) && !alarmed) missed.push({ id: message.id, level });
    if (message.expected === 'none' && alarmed) falseAlarms.push({ id: message.id, level });
  }

  const conversations = { crises: 0, caughtByActBy: 0, caughtLater: 0, benign: 0, falseAlarms: 0 };
  const conversationsByLanguage = new Map<string, Tally>();
  const conversationMisses: Array<{ id: string; actBy: number | null; alarmAt: number | null }> = [];
  for (const conversation of round.conversations) {
    const alarmAt = firstAlarmTurn(layer, conversation);
    if (isAlarm(conversation.expected)) {
      conversations.crises += 1;
      const onTime = alarmAt !== null && alarmAt <= (conversation.actBy ?? Number.POSITIVE_INFINITY);
      if (onTime) conversations.caughtByActBy += 1;
      else {
        if (alarmAt !== null) conversations.caughtLater += 1;
        conversationMisses.push({ id: conversation.id, actBy: conversation.actBy ?? null, alarmAt });
      }
      add(conversationsByLanguage, conversation.language, conversation.expected, onTime);
    } else if (conversation.expected === 'none') {
      conversations.benign += 1;
      if (alarmAt !== null) {
        conversations.falseAlarms += 1;
        conversationMisses.push({ id: conversation.id, actBy: null, alarmAt });
      }
      add(conversationsByLanguage, conversation.language, conversation.expected, alarmAt !== null);
    }
  }
  return {
    round: round.round,
    messages: { ...rates(overall.get('all') ?? empty()), byKind: table(byKind), byLanguage: table(byLanguage), concern, missed, falseAlarms },
    conversations: {
      ...conversations,
      caughtRate: conversations.crises === 0 ? null : round3(conversations.caughtByActBy / conversations.crises),
      falseAlarmRate: conversations.benign === 0 ? null : round3(conversations.falseAlarms / conversations.benign),
      byLanguage: table(conversationsByLanguage),
      misses: conversationMisses,
    },
  };
}
