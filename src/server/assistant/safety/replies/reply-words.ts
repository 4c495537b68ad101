/** The shape of one language's fixed safety wording (safety/replies/*.ts), read by crisis-reply.ts. */
import type { RiskKind } from '../risk.ts';

export interface ReplyWords {
  /** First sentences of the crisis reply, by kind: what to do first, in plain words. */
  lead: Record<RiskKind, string>;
  /** Used instead of `lead` at immediate danger, where the kind's wording differs (911 first). */
  leadNow: Partial<Record<RiskKind, string>>;
  /** Added when suicidal thoughts come with another kind that led the reply. */
  alsoSuicide: string;
  /** Added at immediate danger for a self-directed crisis: "if you've already taken something". */
  urgentSelf: string;
  /** Interpreters on 988 and 911, for languages the lines do not staff directly. */
  interpretation?: string;
  /** Says Ellis is an AI, and stays. */
  closing: string;
  askSafe: string;
  askCall: string;
  /** The direct screening question at concern (ASQ / C-SSRS screen), with its caring lead. */
  screening: string;
  /** At concern for a danger that is not suicidal: asking about safety instead. */
  safetyCheck: string;
  /** At concern for someone else's danger ("my son says he wants to kill himself"): asking whether they are safe. */
  othersCheck: string;
  /** After a clear "no" to the screening question: attentive, not alarmed. */
  screenedNo: string;
  /** Talking about danger, not in it: a gentle mention of the line. */
  aboutDanger: string;
}
