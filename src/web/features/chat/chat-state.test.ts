import { describe, expect, it } from 'vitest';
import { CHAT_ERROR_TEXT } from '../../../shared/chat-limits.ts';
import type { ChatMessage } from '../../../shared/chat-api.ts';
import { chatReducer, loadingView, refusalNotice, type ChatAction, type ChatView, type CrisisNotice } from './chat-state.ts';

const AT = '2026-11-23T10:00:00.000Z';
const welcome: ChatMessage = { id: 'm1', sender: 'ai', content: 'Hi, I am Ellis.', created_at: AT };
const crisis: CrisisNotice = { level: 'crisis', resources: [] };

const run = (actions: ChatAction[], from: ChatView = loadingView) => actions.reduce(chatReducer, from);

const ready = run([{ type: 'loaded', kind: 'public', provider: 'Ellis', messages: [welcome], riskLevel: 'none', hasEarlier: false }]);

describe('chatReducer', () => {
  it('goes from loading to ready with the loaded conversation, keeping only the "expired" notice', () => {
    expect(ready).toEqual({ ...loadingView, phase: 'ready', kind: 'public', provider: 'Ellis', messages: [welcome] });
    const expired = run([{ type: 'notice', notice: 'expired' }, { type: 'loading' }], ready);
    expect(expired).toEqual({ ...loadingView, notice: 'expired' });
    expect(run([{ type: 'notice', notice: 'failed' }, { type: 'loading' }], ready).notice).toBeNull();
    const signedIn = run([{ type: 'loaded', kind: 'private', provider: 'Ellis', messages: [], riskLevel: 'concern', hasEarlier: true }], expired);
    expect(signedIn).toMatchObject({ phase: 'ready', notice: 'expired', riskLevel: 'concern', earlier: { busy: false, failed: null } });
  });

  it('shows the message at once, swaps in the saved one, streams the reply and ends with the saved reply and its crisis card', () => {
    const saved: ChatMessage = { id: 'm2', sender: 'user', content: 'I need a bed tonight', created_at: AT };
    const reply: ChatMessage = { id: 'm3', sender: 'ai', content: 'Let us find one.', created_at: AT };
    const started = run([{ type: 'notice', notice: 'failed' }, { type: 'sendStarted', pendingId: 'local-1', text: 'I need a bed tonight', at: AT }], ready);
    expect(started).toMatchObject({ notice: null, sending: true, streaming: { text: '', crisis: null } });
    expect(started.messages.at(-1)).toEqual({ id: 'local-1', sender: 'user', content: 'I need a bed tonight', created_at: AT });

    const streaming = run(
      [
        { type: 'userSaved', pendingId: 'local-1', message: saved },
        { type: 'delta', text: 'Let us ' },
        { type: 'crisis', crisis },
        { type: 'delta', text: 'find one.' },
      ],
      started,
    );
    expect(streaming.messages.map((message) => message.id)).toEqual(['m1', 'm2']);
    expect(streaming.streaming).toEqual({ text: 'Let us find one.', crisis });
    expect(streaming.riskLevel).toBe('crisis');

    const done = run([{ type: 'replyDone', message: reply }, { type: 'sendSettled' }], streaming);
    expect(done).toMatchObject({ streaming: null, sending: false });
    expect(done.messages.at(-1)).toEqual({ ...reply, crisis });
  });

  it('never lowers the risk level within a visit', () => {
    const raised = run([{ type: 'crisis', crisis: { level: 'immediate-danger', resources: [] } }, { type: 'crisis', crisis }], ready);
    expect(raised.riskLevel).toBe('immediate-danger');
  });

  it('keeps a reply that broke off and apologises; apologises alone, with the crisis card, when nothing arrived', () => {
    const partial = run(
      [
        { type: 'sendStarted', pendingId: 'local-1', text: 'hello', at: AT },
        { type: 'delta', text: 'Half a' },
        { type: 'replyCutShort', apologise: true, replyId: 'r', apologyId: 'a', at: AT },
      ],
      ready,
    );
    expect(partial.streaming).toBeNull();
    expect(partial.messages.slice(-2)).toEqual([
      { id: 'r', sender: 'ai', content: 'Half a', created_at: AT, crisis: null },
      { id: 'a', sender: 'ai', content: CHAT_ERROR_TEXT, created_at: AT, crisis: null, apology: true },
    ]);

    const whole = run(
      [
        { type: 'sendStarted', pendingId: 'local-1', text: 'hello', at: AT },
        { type: 'delta', text: 'All of it' },
        { type: 'replyCutShort', apologise: false, replyId: 'r', apologyId: 'a', at: AT },
      ],
      ready,
    );
    expect(whole.messages.at(-1)).toEqual({ id: 'r', sender: 'ai', content: 'All of it', created_at: AT, crisis: null });

    const nothing = run(
      [
        { type: 'sendStarted', pendingId: 'local-1', text: 'hello', at: AT },
        { type: 'crisis', crisis },
        { type: 'replyCutShort', apologise: false, replyId: 'r', apologyId: 'a', at: AT },
      ],
      ready,
    );
    expect(nothing.messages.at(-1)).toEqual({ id: 'a', sender: 'ai', content: CHAT_ERROR_TEXT, created_at: AT, crisis, apology: true });
  });

  it('takes a refused message off the screen with its notice', () => {
    const refused = run(
      [
        { type: 'sendStarted', pendingId: 'local-1', text: 'hello', at: AT },
        { type: 'sendRefused', pendingId: 'local-1', notice: 'rateLimited' },
        { type: 'sendSettled' },
      ],
      ready,
    );
    expect(refused).toEqual({ ...ready, notice: 'rateLimited' });
  });

  it('offers the earlier conversation until it is kept, dropped or gone', () => {
    const offered = run([{ type: 'loaded', kind: 'private', provider: 'Ellis', messages: [], riskLevel: 'none', hasEarlier: true }]);
    expect(run([{ type: 'earlierBusy' }], offered).earlier).toEqual({ busy: true, failed: null });
    expect(run([{ type: 'earlierBusy' }, { type: 'earlierFailed', failed: 'delete' }], offered).earlier).toEqual({ busy: false, failed: 'delete' });
    expect(run([{ type: 'earlierBusy' }, { type: 'earlierClosed' }], offered)).toMatchObject({ earlier: null, notice: null });
    expect(run([{ type: 'earlierBusy' }, { type: 'earlierClosed', notice: 'earlierGone' }], offered)).toMatchObject({ earlier: null, notice: 'earlierGone' });
    const adopted = run([{ type: 'notice', notice: 'failed' }, { type: 'earlierAdopted', provider: 'Ellis', messages: [welcome] }], offered);
    expect(adopted).toMatchObject({ kind: 'private', messages: [welcome], notice: null, earlier: null });
  });
});

describe('refusalNotice', () => {
  it('tells a rate limit, an expired conversation and a full one from other failures', () => {
    expect(refusalNotice(429, 'rate_limited')).toBe('rateLimited');
    expect(refusalNotice(404, 'conversation_not_found')).toBe('expired');
    expect(refusalNotice(409, 'conversation_full')).toBe('full');
    expect(refusalNotice(400, 'message_too_long')).toBe('failed');
    expect(refusalNotice(0, null)).toBe('failed');
  });
});
