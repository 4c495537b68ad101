import type { CrisisLevel } from '../../assistant/assistant.ts';
import type { ReplyShaper } from './reply-speaker.ts';

/**
 * What differs between the ways a caller reaches Ellis. The browser uses none of it; the phone
 * line shapes replies for the ear, says 911 in immediate danger, and hands off to a person.
 */
export interface CallChannel {
  /** A fresh shaper for each reply (it may keep state across the reply's sentences). */
  replyShaper?(): ReplyShaper;
  /** The safety layer raised a crisis in this turn; what it returns is said before the reply. */
  onCrisis?(level: CrisisLevel): string | null;
  /**
   * Offered each transcript before the assistant: a channel may answer it itself ("say that
   * again", "a person, please"); `endCall` ends the call once the words have been heard.
   */
  answerTurn?(userText: string): ChannelAnswer | null;
}

export interface ChannelAnswer {
  say: string;
  endCall: boolean;
}
