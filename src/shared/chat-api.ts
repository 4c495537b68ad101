/**
 * The chat API's request and answer shapes (DESIGN §5.2) as zod schemas: the server validates and
 * checks its answers with them, the web app and the benchmark read their types. Kept apart from
 * chat-events.ts so the chat page's bundle, which needs only the types, carries no zod.
 */
import { z } from 'zod';
import { MAX_TEST_CHAT_MESSAGES } from './chat-limits.ts';
import { requestLocaleSchema } from './site-locales.ts';

export const chatMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['ai', 'user']),
  content: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatSender = ChatMessage['sender'];
export const chatMessagesSchema = z.array(chatMessageSchema);

/** The conversation's risk level as the safety layer stored it; absent means none. */
export const chatRiskLevelSchema = z.enum(['none', 'concern', 'crisis', 'immediate-danger']);
export type ChatRiskLevel = z.infer<typeof chatRiskLevelSchema>;

const privateConversationSchema = z.object({
  id: z.string(),
  kind: z.literal('private'),
  created_at: z.string(),
  risk_level: chatRiskLevelSchema.optional(),
});
export type PrivateConversation = z.infer<typeof privateConversationSchema>;

const publicConversationSchema = z.object({ id: z.string(), kind: z.literal('public'), created_at: z.string(), expires_at: z.string() });
export type PublicConversation = z.infer<typeof publicConversationSchema>;

/** `POST /api/chat/session`; `provider` names the assistant's provider for the chat subtitle. */
export const chatSessionResponseSchema = z.union([
  z.object({ conversation: privateConversationSchema, messages: z.array(chatMessageSchema), provider: z.string() }),
  z.object({ conversation: publicConversationSchema, messages: z.array(chatMessageSchema), provider: z.string(), token: z.string() }),
]);
export type ChatSessionResponse = z.infer<typeof chatSessionResponseSchema>;

/**
 * `locale` (optional, decision 069) is the page's language: the welcome is written in it, and a
 * reply uses it when the message itself does not show its language. An unknown locale is ignored.
 */

/** `POST /api/chat/session` and `…/adopt`: only the page's locale, and any body without it is read as none. */
export const chatSessionBodySchema = z.object({ locale: requestLocaleSchema }).catch({});

/** `POST /api/chat/conversations/{id}/messages`: the message; its length is checked by the server. */
export const chatSendBodySchema = z.object({ content: z.string(), locale: requestLocaleSchema });

/** `POST /api/ai-test-chat`: a whole conversation, the last turn the user's. */
export const testChatBodySchema = z.object({
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() }), { error: 'Send messages: a list of {role, content}.' })
    .min(1, { error: 'Send at least one message.' })
    .max(MAX_TEST_CHAT_MESSAGES, { error: `Send at most ${MAX_TEST_CHAT_MESSAGES} messages.` }),
  locale: requestLocaleSchema,
});
export type TestChatBody = z.infer<typeof testChatBodySchema>;

export const testChatReplySchema = z.object({ message: z.object({ role: z.literal('assistant'), content: z.string() }) });
export type TestChatReply = z.infer<typeof testChatReplySchema>;

/** The reply streams as server-sent events (ChatStreamEvent), each written by formatServerSentEvent. */
export const chatEventStreamSchema = z.string().describe('text/event-stream: user, delta, crisis, done and error events.');
