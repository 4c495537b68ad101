import { describe, expect, it } from 'vitest';
import { ServerSentEventParser, formatServerSentEvent, type ChatStreamEvent } from './chat-events.ts';
import { chatMessageLength, messageTooLongText } from './chat-limits.ts';

describe('server-sent chat events', () => {
  const events: ChatStreamEvent[] = [
    { event: 'user', data: { message: { id: '1', sender: 'user', content: 'line one\nline two', created_at: '2026-01-01T00:00:00.000Z' } } },
    { event: 'crisis', data: { level: 'crisis', resources: [{ name: '988', phone: '988' }] } },
    { event: 'delta', data: { text: 'data: not a field\n\n' } },
    { event: 'error', data: { code: 'provider_unavailable', message: 'x' } },
  ];

  it('round-trips every event, however the bytes are split, skipping heartbeats', () => {
    const wire = `: heartbeat\n\n${events.map(formatServerSentEvent).join(': heartbeat\n\n')}`;
    for (const size of [1, 3, 7, wire.length]) {
      const parser = new ServerSentEventParser();
      const parsed: ChatStreamEvent[] = [];
      for (let index = 0; index < wire.length; index += size) parsed.push(...parser.push(wire.slice(index, index + size)));
      expect(parsed).toEqual(events);
    }
  });

  it('skips unknown event names and unparseable data; accepts CRLF', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: other\ndata: {}\n\nevent: delta\ndata: {oops\n\nevent: delta\r\ndata: {"text":"ok"}\r\n\r\n')).toEqual([
      { event: 'delta', data: { text: 'ok' } },
    ]);
  });
});

describe('chat message length', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(chatMessageLength('héllo')).toBe(5);
    expect(chatMessageLength('🏠🍞')).toBe(2);
  });

  it('says how long the message is and what the limit is', () => {
    expect(messageTooLongText(4321)).toBe('Your message is too long (4,321 characters). Please keep it under 4,000 characters.');
  });
});
