// The phone line end to end over real sockets: a simulated Twilio rings the voice webhook, opens the
// signed media stream and talks μ-law made by Flite; the speech engines are the scriptable fakes so
// each turn's words and replies are known.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../testing/test-app.ts';
import { FakeVad } from '../../providers/vad/testing/fake-vad.ts';
import { FakeStt, type FakeTranscript } from '../../providers/stt/testing/fake-stt.ts';
import { FakeTts } from '../../providers/tts/testing/fake-tts.ts';
import { synthesizeSpeech } from '../../providers/audio/testing/test-speech.ts';
import { rootMeanSquare } from '../../providers/audio/pcm.ts';
import { FAST_HASHING } from '../auth/testing/accounts-kit.ts';
import { silence } from '../voice/testing/voice-kit.ts';
import { FakeAssistant, type ScriptedReply } from '../../assistant/testing/fake-assistant.ts';
import { handoffAnnouncement, PHONE_GREETING, PHONE_IMMEDIATE_DANGER, PHONE_LINE_FULL } from './phone-speech.ts';
import { dialTwiml, hangUpTwiml, sayAndHangUpTwiml } from './twiml.ts';
import { TWILIO_VOICE_PATH } from './telephony-service.ts';
import { newCallSid, postSignedWebhook, SimulatedTwilioCall, type SimulatedTwilioOptions } from './testing/simulated-twilio.ts';

const AUTH_TOKEN = 'test-twilio-auth-token';
const PUBLIC_URL = 'https://ellis.example.org';

interface Harness {
  app: FastifyInstance;
  twilio: SimulatedTwilioOptions;
  assistant: FakeAssistant;
  tts: FakeTts;
  stt: FakeStt;
  calls: SimulatedTwilioCall[];
}

let harness: Harness | null = null;
let speech: Int16Array;

beforeAll(async () => {
  speech = await synthesizeSpeech('I need a place to sleep tonight.');
});

afterEach(async () => {
  for (const call of harness?.calls ?? []) call.hangUp();
  await harness?.app.close();
  harness = null;
});

async function start(
  options: { transcripts?: FakeTranscript[]; replies?: ScriptedReply[]; env?: Record<string, string>; maxCalls?: number; msPerCharacter?: number } = {},
): Promise<Harness> {
  const assistant = new FakeAssistant(options.replies ?? []);
  const tts = new FakeTts({ msPerCharacter: options.msPerCharacter ?? 1 });
  const stt = new FakeStt(options.transcripts ?? [], 'hello there');
  const { app, database } = await buildTestApp({
    env: { PUBLIC_URL, TWILIO_AUTH_TOKEN: AUTH_TOKEN, ...options.env },
    accounts: { passwordHashing: FAST_HASHING },
    assistant,
    voice: {
      providers: { vad: new FakeVad(), stt, tts },
      // Each scripted transcript answers one whole turn; the semantic end of turn (which would
      // recognise at every short pause between Flite's words) is covered in voice-call.test.ts.
      settings: { turnEndSilenceMs: 200, minSpeechMs: 40, playbackLeadMs: 100, shortPauseMs: 0 },
      ...(options.maxCalls ? { limits: { maxCalls: options.maxCalls } } : {}),
    },
  });
  app.addHook('onClose', () => database.close());
  const serverOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
  harness = { app, twilio: { serverOrigin, publicUrl: PUBLIC_URL, authToken: AUTH_TOKEN }, assistant, tts, stt, calls: [] };
  return harness;
}

function newCall(h: Harness): SimulatedTwilioCall {
  const call = new SimulatedTwilioCall(h.twilio);
  h.calls.push(call);
  return call;
}

/** Connects and waits until the greeting has been spoken. */
async function connected(h: Harness): Promise<SimulatedTwilioCall> {
  const call = newCall(h);
  await call.connect();
  // Synthesized sentence by sentence; then the last of it plays out.
  await expect.poll(() => h.tts.spoken.join(' ')).toBe(PHONE_GREETING);
  await new Promise((resolve) => setTimeout(resolve, 300));
  h.tts.spoken.length = 0;
  return call;
}

/** The last `sentences` synthesized, as one text. */
function spokenLast(h: Harness, sentences: number): string {
  return h.tts.spoken.slice(-sentences).join(' ');
}

async function sayAndPause(call: SimulatedTwilioCall): Promise<void> {
  await call.say(speech);
  await call.say(silence(400));
}

describe('the phone line (Twilio Media Streams)', () => {
  it('is off without TWILIO_AUTH_TOKEN', async () => {
    const h = await start({ env: { TWILIO_AUTH_TOKEN: '' } });
    const answer = await postSignedWebhook(h.twilio, TWILIO_VOICE_PATH, { CallSid: newCallSid() });
    expect(answer.status).toBe(404);
  });

  it('answers a signed call with a bidirectional stream on PUBLIC_URL and the Connect action', async () => {
    const h = await start();
    const call = newCall(h);
    const answer = await call.ring();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Connect action="https:\/\/ellis\.example\.org\/api\/telephony\/twilio\/after-stream" method="POST"><Stream url="wss:\/\/ellis\.example\.org\/api\/telephony\/twilio\/stream"><Parameter name="callToken" value="[\w-]+"\/><\/Stream><\/Connect><\/Response>$/,
    );
  });

  it('refuses unsigned, wrongly signed and tampered webhooks and streams with 403', async () => {
    const h = await start();
    const params = { CallSid: newCallSid(), From: '+14155550100' };
    const unsigned = await fetch(`${h.twilio.serverOrigin}${TWILIO_VOICE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toEqual({ code: 'invalid_signature', message: 'This address only answers requests signed by the phone provider.' });
    expect((await postSignedWebhook(h.twilio, TWILIO_VOICE_PATH, params, 'another-accounts-token')).status).toBe(403);
    expect((await postSignedWebhook(h.twilio, '/api/telephony/twilio/after-stream', params, 'another-accounts-token')).status).toBe(403);

    const call = newCall(h);
    const answer = await call.ring();
    const token = /value="([^"]+)"/.exec(answer.body)?.[1] ?? '';
    const streamUrl = `${PUBLIC_URL.replace('https', 'wss')}/api/telephony/twilio/stream`;
    await expect(call.openStream(streamUrl, token, 'not-a-signature')).rejects.toThrow('handshake answered 403');
  });

  it('closes a stream whose start names a call it did not answer', async () => {
    const h = await start();
    const call = newCall(h);
    await call.ring();
    const streamUrl = `${PUBLIC_URL.replace('https', 'wss')}/api/telephony/twilio/stream`;
    await call.openStream(streamUrl, 'a-token-for-another-call');
    expect(await call.closed()).toBe(1008);
    expect(call.count('media')).toBe(0);
  });

  it('greets, hears a spoken turn in μ-law, and answers for the ear in μ-law', async () => {
    const h = await start({
      transcripts: ['I need a place to sleep tonight'],
      replies: [[{ type: 'delta', text: "I'm sorry you're dealing with that. You can call 211, or visit https://www.sf.gov/shelter for a bed tonight." }]],
    });
    const call = await connected(h);
    expect(call.count('media')).toBeGreaterThan(0);
    const greetingFrames = call.count('media');

    await sayAndPause(call);
    await expect.poll(() => h.tts.spoken.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(h.assistant.requests[0]?.userText).toBe('I need a place to sleep tonight');
    // The whole utterance reached the recogniser (Flite says it in about 1.8 s).
    expect(h.stt.heardMs[0]).toBeGreaterThan(1_500);
    await expect.poll(() => h.tts.spoken.at(-1), { timeout: 5_000 }).toBe('To hear that again, say repeat.');
    expect(h.tts.spoken).toEqual([
      "I'm sorry you're dealing with that.",
      'You can call 2 1 1, or visit them online for a bed tonight.',
      'To hear that again, say repeat.',
    ]);
    await expect.poll(() => call.count('media')).toBeGreaterThan(greetingFrames);
    const reply = call.audio.slice(greetingFrames);
    expect(Math.max(...reply.map((frame) => rootMeanSquare(frame)))).toBeGreaterThan(0.1);
    expect(call.count('clear')).toBe(0);
  });

  it('stops the reply with clear when the caller talks over it (barge-in)', async () => {
    const long = 'Here is a long answer that goes on for quite a while, so the caller can talk over it. '.repeat(3);
    const h = await start({ transcripts: ['first question', 'second question'], replies: [[{ type: 'delta', text: long }]], msPerCharacter: 25 });
    const call = await connected(h);
    await sayAndPause(call);
    await call.next('media', () => h.assistant.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const speaking = call.say(speech);
    const clear = await call.next('clear', () => true, 5_000);
    await speaking;
    await call.say(silence(400));
    await expect.poll(() => h.assistant.requests.length).toBe(2);
    // What was heard of the cut-off reply is all the history keeps.
    const history = h.assistant.requests[1]?.history ?? [];
    const heard = history.at(-1)?.content ?? '';
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.length).toBeLessThan(long.trim().length);
    expect(clear.event).toBe('clear');
  });

  it('hands off to 211 on the 0 key: says where, ends the stream, and the action answers Dial', async () => {
    const h = await start();
    const call = await connected(h);
    call.pressDigit('0');
    expect(await call.closed()).toBe(1000);
    expect(spokenLast(h, 2)).toBe(handoffAnnouncement({ kind: '211' }));
    const after = await call.afterStream();
    expect(after).toEqual({ status: 200, body: dialTwiml('211') });
    // Asked again (a retry), there is nothing left to transfer.
    expect((await call.afterStream()).body).toBe(hangUpTwiml());
  });

  it('hands off to HUMAN_HANDOFF_NUMBER when a caller asks for a person', async () => {
    const h = await start({ env: { HUMAN_HANDOFF_NUMBER: '+14155550123' }, transcripts: ['can I talk to a real person'] });
    const call = await connected(h);
    await sayAndPause(call);
    expect(await call.closed()).toBe(1000);
    expect(spokenLast(h, 2)).toBe(handoffAnnouncement({ kind: 'human', number: '+14155550123' }));
    expect(h.assistant.requests).toHaveLength(0);
    expect((await call.afterStream()).body).toBe(dialTwiml('+14155550123'));
  });

  it('in immediate danger says to hang up and call 911 first, then transfers to 988 on 0', async () => {
    const h = await start({
      transcripts: ['he has a gun and says he will kill me'],
      replies: [
        [
          { type: 'crisis', level: 'immediate-danger', resources: [{ name: '911', phone: '911' }] },
          { type: 'delta', text: "Your safety comes first. If you're in danger right now, please call 911." },
        ],
      ],
    });
    const call = await connected(h);
    await sayAndPause(call);
    await expect.poll(() => h.tts.spoken.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(h.tts.spoken.slice(0, 3)).toEqual([
      PHONE_IMMEDIATE_DANGER,
      'Your safety comes first.',
      "If you're in danger right now, please hang up and call 9 1 1.",
    ]);
    call.pressDigit('0');
    expect(await call.closed()).toBe(1000);
    expect(spokenLast(h, 2)).toBe(handoffAnnouncement({ kind: '988' }));
    expect((await call.afterStream()).body).toBe(dialTwiml('988'));
  });

  it('refuses a call beyond the limit with a spoken pointer to 211, and frees the slot at hang-up', async () => {
    const h = await start({ maxCalls: 1 });
    const first = await connected(h);
    const second = await newCall(h).ring();
    expect(second).toEqual({ status: 200, body: sayAndHangUpTwiml(PHONE_LINE_FULL) });
    expect(PHONE_LINE_FULL).toContain('call 2 1 1');

    first.hangUp();
    await first.closed();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await newCall(h).ring()).body).toContain('<Connect');
  });
});
