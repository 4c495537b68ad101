/**
 * Limits and fixed texts of text chat and the test chat (SPEC §8, §9; DESIGN §5.2, §6), shared by
 * the server and the web app so both refuse the same messages with the same words.
 */

/** DESIGN §6: a chat message is at most this many characters (after trimming). */
export const MAX_CHAT_MESSAGE_LENGTH = 4000;

/** SPEC §9: anonymous conversations live 24 hours. */
export const PUBLIC_CONVERSATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Header that carries a public conversation's secret token (DESIGN §5.2). */
export const CONVERSATION_TOKEN_HEADER = 'X-Conversation-Token';

/** On `GET …/messages`: the conversation's stored risk level, absent when none. */
export const RISK_LEVEL_HEADER = 'X-Conversation-Risk-Level';

/** SPEC §8: failure saving a message or any other processing error; also the test chat's failure text. */
export const CHAT_ERROR_TEXT = 'I apologize, but I encountered an error. Please try again.';

/** The test chat keeps at most this many turns per request. */
export const MAX_TEST_CHAT_MESSAGES = 50;

export function messageTooLongText(length: number): string {
  return `Your message is too long (${length.toLocaleString('en-US')} characters). Please keep it under ${MAX_CHAT_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`;
}

/**
 * Answer to a rate-limited send: friendly, never a dead end — it names the crisis lines, because
 * someone sending message after message may be in trouble.
 */
export const CHAT_RATE_LIMITED_TEXT =
  "You're sending messages faster than Ellis can answer. Please wait a minute and try again. " +
  'If you are in crisis, call or text 988, or call 911 in an emergency.';

/** Length as a person counts it: characters (code points), so an emoji is one, not two. */
export function chatMessageLength(text: string): number {
  let length = 0;
  for (const _character of text) length += 1;
  return length;
}
