/**
 * The vocabulary of the safety layer (DESIGN §7.1), shared by the rules, the learned classifier,
 * the model check and the conversation's persisted risk state. Levels are ordered: a layer can
 * only raise the level of a turn, and a conversation steps down only as risk-state.ts allows.
 */

export const RISK_LEVELS = ['none', 'concern', 'crisis', 'immediate-danger'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Kinds of danger this population meets; each has its own fixed crisis reply. */
export const RISK_KINDS = [
  'suicide', // thoughts, plan, intent, indirect goodbyes (giving things away, arranging for a pet)
  'self-harm', // cutting, burning, hurting oneself without intent to die
  'others-self-harm', // someone else (friend, child, partner) is suicidal or hurting themselves
  'harm-to-others', // the person threatens to hurt someone, with or without a weapon
  'threat', // someone threatens the person (weapon, stalking), outside the home
  'domestic-violence', // partner or family member hurting, controlling or threatening the person
  'sexual-assault', // recent rape or assault, including slang
  'trafficking', // forced work or sex, someone holding papers, debts that cannot be left
  'child-abuse', // a child being hurt or in danger
  'overdose', // drugs or poisoning: named drugs and doses, too many pills, someone not waking up
  'medical', // hypothermia, infected wounds and sepsis signs, diabetic crisis, chest pain, unresponsive baby or elder
  'disaster', // fire, flood, gas leak
] as const;
export type RiskKind = (typeof RISK_KINDS)[number];

/** Languages the safety layer reads and answers in. `zh` covers Simplified, Traditional and Cantonese. */
export const SAFETY_LANGUAGES = ['en', 'es', 'zh', 'tl', 'vi'] as const;
export type SafetyLanguage = (typeof SAFETY_LANGUAGES)[number];

/** What one layer (rules, classifier or model check) says about one user turn. */
export interface RiskVerdict {
  level: RiskLevel;
  /** Kinds seen, most urgent first; empty when level is 'none'. */
  kinds: RiskKind[];
  language: SafetyLanguage;
  /**
   * The person talks about danger rather than being in it (past and resolved, someone in general,
   * how crisis lines work, training): informational, never an emergency alarm.
   */
  aboutDanger?: boolean;
  /** Chinese written in Traditional characters (or Cantonese), so replies use them too. */
  traditional?: boolean;
}

export function riskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

export function higherRisk(a: RiskLevel, b: RiskLevel): RiskLevel {
  return riskRank(a) >= riskRank(b) ? a : b;
}
