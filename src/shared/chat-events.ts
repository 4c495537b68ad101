/**
 * The server-sent events of `POST /api/chat/conversations/{id}/messages` (DESIGN §5.2): their
 * types, their writer and an incremental parser. Used by the server, the web app and the benchmark;
 * the requests and answers around them are in chat-api.ts.
 */
import type { ChatMessage } from './chat-api.ts';

export type ConversationKind = 'private' | 'public';

export interface ChatCrisisResource {
  name: string;
  phone?: string;
  sms?: string;
  /** Keyword to text first (Crisis Text Line: HOME). */
  smsBody?: string;
  url?: string;
}

export type ChatCrisisLevel = 'crisis' | 'immediate-danger';

export type ChatStreamEvent =
  | { event: 'user'; data: { message: ChatMessage } }
  | { event: 'delta'; data: { text: string } }
  | {
      event: 'crisis';
      /** `kinds` (most urgent first) and `language` say which fixed reply was sent. */
      data: { level: ChatCrisisLevel; resources: ChatCrisisResource[]; kinds?: string[]; language?: string };
    }
  | { event: 'done'; data: { message: ChatMessage } }
  | { event: 'error'; data: { code: string; message: string } };

export type ChatStreamEventName = ChatStreamEvent['event'];

const EVENT_NAMES: ReadonlySet<string> = new Set<ChatStreamEventName>(['user', 'delta', 'crisis', 'done', 'error']);

/** One event in the text/event-stream format: `event:` line, one `data:` line of JSON, blank line. */
export function formatServerSentEvent(event: ChatStreamEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Incremental parser of a text/event-stream: feed it decoded text in any chunks, get whole events.
 * Comments (heartbeats) and unknown event names are skipped; unparseable data too.
 */
export class ServerSentEventParser {
  #buffer = '';

  push(text: string): ChatStreamEvent[] {
    this.#buffer += text.replace(/\r\n?/g, '\n');
    const events: ChatStreamEvent[] = [];
    let end = this.#buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) events.push(event);
      end = this.#buffer.indexOf('\n\n');
    }
    return events;
  }
}

function parseBlock(block: string): ChatStreamEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (!EVENT_NAMES.has(name) || data.length === 0) return null;
  try {
    return { event: name, data: JSON.parse(data.join('\n')) } as ChatStreamEvent;
  } catch {
    return null;
  }
}
