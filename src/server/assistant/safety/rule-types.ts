/** The shape of the safety rules' pattern data (safety/rules/*.ts), read by rules-engine.ts. */
import type { RiskKind, RiskLevel, SafetyLanguage } from './risk.ts';

export interface RulePattern {
  kind: RiskKind;
  pattern: RegExp;
  /** 'crisis' when absent; 'immediate-danger' means 911 first; 'concern' asks a screening question. */
  level?: Exclude<RiskLevel, 'none'>;
  /** Read over the whole message rather than clause by clause: a means in one sentence, the time in the next. */
  acrossClauses?: boolean;
}

/**
 * A kind refined by what else the message says: the broad families fire as one kind
 * (domestic-violence, medical, threat, suicide) and a narrower one replaces it when its words are
 * there (raped → sexual-assault, fentanyl → overdose, fire → disaster, "my friend is suicidal" →
 * others-self-harm).
 */
export interface KindRefinement {
  from: RiskKind;
  to: RiskKind;
  when: RegExp;
  /** The refined kind keeps the broad one too (a child hurt at home is both). */
  keep?: boolean;
}

export interface LanguageRules {
  language: SafetyLanguage;
  patterns: readonly RulePattern[];
  /** Phrases that only sound like danger; blanked before matching. Global (g) regexps. */
  idioms: readonly RegExp[];
  refinements?: readonly KindRefinement[];
  /**
   * The patterns carry their own negation (Tagalog "ayoko", Vietnamese "khong" change the words),
   * so the engine's English/Spanish negation check is not applied: Vietnamese "no" means he or she.
   */
  negationInPatterns?: boolean;
  /**
   * Exhaustion said outright ("i can't do this anymore"): blanked and read as concern, so the
   * assistant asks directly instead of alarming. Global (g) regexps; stronger words elsewhere in
   * the message still fire on their own.
   */
  concernPhrases?: readonly RegExp[];
}
