import { describe, expect, it } from 'vitest';
import { FakeVad } from '../../providers/vad/testing/fake-vad.ts';
import { FakeStt, type FakeTranscript } from '../../providers/stt/testing/fake-stt.ts';
import { FakeTts } from '../../providers/tts/testing/fake-tts.ts';
import { SpeechRecognitionError } from '../../providers/stt/stt.ts';
import { VOICE_APOLOGY, VOICE_NOT_CAUGHT, VoiceCall } from './voice-call.ts';
import { DEFAULT_VOICE_CALL_SETTINGS, type TurnTimings, type VoiceCallSettings } from './voice-call-settings.ts';
import { soundsFinished, soundsUnsure } from './call-listener.ts';
import { frames, RecordingTransport, silence, tone } from './testing/voice-kit.ts';
import { FakeAssistant, type ScriptedReply } from '../../assistant/testing/fake-assistant.ts';

const GREETING = 'Hi, this is a short greeting.';

async function startCall(
  options: {
    transcripts?: FakeTranscript[];
    replies?: ScriptedReply[];
    msPerCharacter?: number;
    assistantDelayMs?: number;
    streaming?: boolean;
    settings?: Partial<VoiceCallSettings>;
  } = {},
) {
  const transport = new RecordingTransport();
  const detector = await new FakeVad().createDetector();
  const stt = new FakeStt(options.transcripts ?? [], 'hello', { streaming: options.streaming ?? false });
  const tts = new FakeTts({ msPerCharacter: options.msPerCharacter ?? 1 });
  const assistant = new FakeAssistant(options.replies ?? [], { delayMs: options.assistantDelayMs ?? 0 });
  const timings: TurnTimings[] = [];
  const failures: string[] = [];
  const call = new VoiceCall({
    detector,
    stt,
    tts,
    assistant,
    transport,
    settings: { ...DEFAULT_VOICE_CALL_SETTINGS, turnEndSilenceMs: 100, minSpeechMs: 40, playbackLeadMs: 50, outputChunkMs: 20, ...options.settings },
    username: null,
    onTurnTimings: (turn) => timings.push(turn),
    onFailure: (stage) => failures.push(stage),
  });
  const greeted = transport.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final');
  call.start(GREETING);
  await greeted;
  // The greeting's final transcript and the return to listening are sent together.
  expect(transport.messages.at(-1)).toEqual({ type: 'status', status: 'listening' });
  const say = (ms: number) => frames(tone(ms)).forEach((frame) => call.pushAudio(frame));
  const pause = (ms: number) => frames(silence(ms)).forEach((frame) => call.pushAudio(frame));
  return { call, transport, stt, tts, assistant, timings, failures, say, pause };
}

/** The status most recently sent (a final transcript and the return to listening go out together). */
/** How much audio recognition was given, checking it was given exactly one turn. */
function onlyTurnHeardMs(stt: FakeStt): number | undefined {
  expect(stt.heardMs).toHaveLength(1);
  return stt.heardMs[0];
}

/** Waits until the assistant has been asked once, and checks what it was asked. */
async function expectOneRequestFor(assistant: FakeAssistant, userText: string): Promise<void> {
  await expect.poll(() => assistant.requests.length).toBe(1);
  expect(assistant.requests[0]?.userText).toBe(userText);
}

function lastStatus(transport: RecordingTransport): string | undefined {
  return transport.of('status').at(-1)?.status;
}

const finalOf = (role: 'user' | 'assistant') => (message: { role: string; transcriptType: string }) =>
  message.role === role && message.transcriptType === 'final';

describe('VoiceCall', () => {
  it('announces the format, turns to listening and speaks the greeting first', async () => {
    const { transport } = await startCall();
    const types = transport.messages.map((message) => (message.type === 'status' ? `status:${message.status}` : message.type));
    expect(types.slice(0, 2)).toEqual(['audio-format', 'status:listening']);
    expect(transport.messages[0]).toEqual({ type: 'audio-format', sampleRate: 16_000 });
    expect(types).toContain('speech-start');
    expect(types.indexOf('speech-end')).toBeGreaterThan(types.indexOf('speech-start'));
    expect(transport.of('transcript').at(-1)).toEqual({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: GREETING });
    expect(transport.audioSamples()).toBe(Math.round((GREETING.length * 16_000) / 1000));
  });

  describe('semantic end of turn', () => {
    const semantic = { turnEndSilenceMs: 300, shortPauseMs: 60, unfinishedTurnEndSilenceMs: 600 };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

    it('ends the turn at a short pause after a finished sentence, recognising it once', async () => {
      const { say, pause, stt, assistant, timings } = await startCall({ transcripts: ['I need a place to sleep tonight'], settings: semantic });
      say(300);
      pause(100);
      await expectOneRequestFor(assistant, 'I need a place to sleep tonight');
      expect(stt.heardMs).toHaveLength(1);
      await expect.poll(() => timings.length).toBe(1);
      expect(timings[0]?.endOfTurnMs).toBeLessThan(300);
    });

    it('waits longer after a pause mid-sentence, and reuses the words heard at the pause', async () => {
      const { say, pause, stt, assistant } = await startCall({ transcripts: ['I need a place to'], settings: semantic });
      say(300);
      pause(100);
      await settle();
      pause(300);
      await settle();
      expect(assistant.requests).toHaveLength(0);
      pause(300);
      await expectOneRequestFor(assistant, 'I need a place to');
      expect(stt.heardMs).toHaveLength(1);
    });

    it('drops the early words of a hosted engine when the caller goes on, and sends it the whole turn', async () => {
      const { say, pause, stt, assistant } = await startCall({ transcripts: ['I need', 'I need a place to sleep'], settings: semantic });
      say(300);
      pause(100);
      await settle();
      say(300);
      pause(100);
      await expectOneRequestFor(assistant, 'I need a place to sleep');
      // The second recognition heard the whole turn, from its first word.
      expect(stt.heardMs[1]).toBeGreaterThanOrEqual(700);
    });

    it('leaves a live decoder the whole turn: its pauses are not cut (the words would lose their context)', async () => {
      const { say, pause, stt, assistant } = await startCall({ transcripts: ['I need a place to sleep'], settings: semantic, streaming: true });
      say(300);
      pause(100);
      await settle();
      say(300);
      pause(100);
      await settle();
      expect(assistant.requests).toHaveLength(0);
      pause(300);
      await expectOneRequestFor(assistant, 'I need a place to sleep');
      expect(onlyTurnHeardMs(stt)).toBeGreaterThanOrEqual(1_000);
    });

    it('reads a sentence as open when it ends on a word that leads on', () => {
      const finished = ['I need a place to sleep tonight', 'no'];
      const open = ['I need a place to', "I'm looking for food and", ''];
      expect(finished.filter(soundsFinished)).toEqual(finished);
      expect(open.filter(soundsFinished)).toEqual([]);
    });
  });

  it('asks again instead of answering when the recogniser is unsure of what it heard', async () => {
    const { say, pause, assistant, transport, timings } = await startCall({
      transcripts: [{ text: 'i need you in a place to sleep tonight', wordConfidences: [0.96, 0.96, 0.09, 0.29, 0.31, 1, 0.63, 1, 0.63] }],
      streaming: true,
    });
    say(300);
    pause(200);
    const asked = await transport.next('transcript', (message) => finalOf('assistant')(message) && message.transcript === VOICE_NOT_CAUGHT);
    expect(asked.transcript).toBe(VOICE_NOT_CAUGHT);
    expect(assistant.requests).toHaveLength(0);
    expect(timings.at(-1)?.outcome).toBe('unsure');
  });

  it('counts a guess only when several words are unsure', () => {
    expect(soundsUnsure({ text: 'where can i get food for my kids', wordConfidences: [0.59, 1, 1, 0.79, 0.08, 0.62, 1, 0.87] })).toBe(false);
    expect(soundsUnsure({ text: 'i need you in a place', wordConfidences: [0.96, 0.96, 0.09, 0.29, 0.31, 1] })).toBe(true);
    expect(soundsUnsure({ text: 'hello', wordConfidences: null })).toBe(false);
  });

  it('feeds a live recogniser the whole turn while it is spoken, and answers with its words', async () => {
    const { say, pause, stt, assistant, transport, call } = await startCall({ transcripts: ['I lost my apartment'], streaming: true });
    say(300);
    await expect.poll(() => stt.openRecognitions).toBe(1);
    pause(200);
    await transport.next('transcript', finalOf('assistant'));
    expect(assistant.requests[0]?.userText).toBe('I lost my apartment');
    // The pre-roll, the speech and the pause that ended the turn (100 ms) were all heard.
    expect(stt.heardMs[0]).toBeGreaterThanOrEqual(400);
    expect(stt.openRecognitions).toBe(0);

    say(300);
    await expect.poll(() => stt.openRecognitions).toBe(1);
    call.setMuted(true);
    expect(stt.openRecognitions).toBe(0);
  });

  it('answers a turn after the pause: transcript, reply text, audio, final transcript, listening', async () => {
    const reply = 'That sounds really hard. Where are you staying tonight?';
    const { transport, say, pause, assistant, timings } = await startCall({
      transcripts: ['I lost my apartment'],
      replies: [[{ type: 'delta', text: 'That sounds really hard. ' }, { type: 'delta', text: 'Where are you staying tonight?' }]],
    });
    const before = transport.messages.length;
    say(300);
    pause(200);
    const final = await transport.next('transcript', finalOf('assistant'));
    expect(lastStatus(transport)).toBe('listening');

    expect(final.transcript).toBe(reply);
    const turn = transport.messages.slice(before).filter((message) => message.type !== 'volume');
    const labels = turn.map((message) =>
      message.type === 'status' ? `status:${message.status}` : message.type === 'transcript' ? `${message.role}:${message.transcriptType}` : message.type,
    );
    expect(labels[0]).toBe('status:thinking');
    expect(labels[1]).toBe('user:final');
    expect(labels.indexOf('assistant:partial')).toBeGreaterThan(1);
    expect(labels.indexOf('speech-start')).toBeGreaterThan(labels.indexOf('user:final'));
    expect(labels.indexOf('speech-end')).toBeGreaterThan(labels.indexOf('speech-start'));
    expect(labels.slice(-2)).toEqual(['assistant:final', 'status:listening']);
    expect(turn[1]).toEqual({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'I lost my apartment' });

    expect(assistant.requests).toHaveLength(1);
    expect(assistant.requests[0]).toMatchObject({ userText: 'I lost my apartment', channel: 'voice', username: null });
    expect(assistant.requests[0]?.history).toEqual([{ role: 'assistant', content: GREETING }]);
    expect(timings).toHaveLength(1);
    expect(timings[0]?.outcome).toBe('replied');
    for (const key of ['sttMs', 'firstTokenMs', 'firstSynthesisMs', 'firstAudioMs'] as const) {
      expect(timings[0]?.[key], key).toBeTypeOf('number');
    }
  });

  it('keeps one turn across a pause shorter than the turn-end silence', async () => {
    const { transport, say, pause, stt } = await startCall({ transcripts: ['one long sentence'] });
    say(200);
    pause(60);
    say(200);
    pause(200);
    await transport.next('transcript', finalOf('assistant'));
    expect(onlyTurnHeardMs(stt)).toBeGreaterThanOrEqual(460);
  });

  it('stops the reply when the caller talks over it and keeps only what was heard', async () => {
    const long = [
      'The first sentence is here and it is long enough to hear. ',
      'The second sentence goes on for quite a while as well. ',
      'The third sentence never gets heard by anyone at all.',
    ];
    const { transport, say, pause, assistant } = await startCall({
      transcripts: ['I need help', 'wait, stop'],
      replies: [long.map((text) => ({ type: 'delta' as const, text }))],
      msPerCharacter: 12,
    });
    say(300);
    pause(200);
    await transport.next('speech-start');
    await new Promise((resolve) => setTimeout(resolve, 900));

    const speechEnd = transport.next('speech-end');
    say(100);
    await speechEnd;
    // The heard part is sent together with speech-end.
    const heard = transport.of('transcript').filter(finalOf('assistant')).at(-1)!;
    expect(transport.messages.indexOf(heard)).toBeGreaterThan(transport.messages.lastIndexOf(transport.of('speech-end').at(-1)!));
    const audioAtStop = transport.audioSamples();

    expect(heard.transcript.startsWith('The first sentence is here')).toBe(true);
    expect(heard.transcript).not.toContain('third sentence');
    expect(long.join('').startsWith(heard.transcript.replace(/…$/, ''))).toBe(true);
    expect(assistant.requests[0]?.signal.aborted).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(transport.audioSamples()).toBe(audioAtStop);

    // The interruption is the next turn.
    pause(200);
    await transport.next('transcript', finalOf('user'));
    expect(assistant.requests[1]?.userText).toBe('wait, stop');
    // The history keeps the interrupted turn and only the part of the reply that was heard.
    expect(assistant.requests[1]?.history.slice(-2)).toEqual([
      { role: 'user', content: 'I need help' },
      { role: 'assistant', content: heard.transcript },
    ]);
  });

  it('joins a turn to the next when the caller goes on before any reply was heard', async () => {
    const { transport, say, pause, assistant } = await startCall({
      transcripts: ['I lost my job', 'and my apartment'],
      assistantDelayMs: 400,
    });
    say(300);
    pause(200);
    await transport.next('transcript', finalOf('user'));
    say(300);
    pause(200);
    await transport.next('transcript', finalOf('assistant'));
    expect(assistant.requests).toHaveLength(2);
    expect(assistant.requests[0]?.signal.aborted).toBe(true);
    expect(assistant.requests[1]?.userText).toBe('I lost my job and my apartment');
    expect(assistant.requests[1]?.history).toEqual([{ role: 'assistant', content: GREETING }]);
  });

  it('hears nothing while muted, and drops a turn that was under way', async () => {
    const { transport, say, pause, stt, call } = await startCall({ transcripts: ['after unmute'] });
    say(200);
    call.setMuted(true);
    expect(transport.messages.at(-1)).toEqual({ type: 'volume', level: 0 });
    const volumesWhileMuted = transport.of('volume').length;
    say(400);
    pause(300);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stt.heardMs).toHaveLength(0);
    expect(transport.of('volume')).toHaveLength(volumesWhileMuted);

    call.setMuted(false);
    pause(300);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stt.heardMs).toHaveLength(0);
    say(300);
    pause(200);
    await transport.next('transcript', finalOf('user'));
    expect(onlyTurnHeardMs(stt)).toBeLessThan(700);
  });

  it('reports the input level between 0 and 1', async () => {
    const { transport, say } = await startCall();
    say(100);
    const levels = transport.of('volume').map((message) => message.level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((level) => level >= 0 && level <= 1)).toBe(true);
    expect(Math.max(...levels)).toBeGreaterThan(0.3);
  });

  it('apologises when recognition fails and stays usable', async () => {
    const { transport, say, pause, failures, timings } = await startCall({
      transcripts: [new SpeechRecognitionError('engine crashed'), 'second try'],
    });
    say(300);
    pause(200);
    expect(await transport.next('error')).toEqual({ type: 'error', code: 'speech_recognition_failed', message: 'Speech could not be recognised.' });
    expect((await transport.next('transcript', finalOf('assistant'))).transcript).toBe(VOICE_APOLOGY);
    expect(lastStatus(transport)).toBe('listening');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failures).toEqual(['stt']);
    expect(timings[0]?.outcome).toBe('failed');

    say(300);
    pause(200);
    expect((await transport.next('transcript', finalOf('user'))).transcript).toBe('second try');
    await transport.next('transcript', finalOf('assistant'));
  });

  it('shows the reply when it cannot be spoken', async () => {
    const { transport, say, pause, tts } = await startCall({
      transcripts: ['hello'],
      replies: [[{ type: 'delta', text: 'This sentence cannot be spoken. This one can be spoken fine.' }]],
    });
    tts.failOn = 'cannot';
    say(300);
    pause(200);
    expect((await transport.next('error')).code).toBe('speech_synthesis_failed');
    const final = await transport.next('transcript', finalOf('assistant'));
    expect(final.transcript).toBe('This sentence cannot be spoken. This one can be spoken fine.');
    expect(tts.spoken.at(-1)).toBe('This one can be spoken fine.');
    expect(lastStatus(transport)).toBe('listening');
  });

  it('answers a turn the assistant fails or leaves empty with the apology, spoken and shown', async () => {
    const { transport, say, pause, failures, timings } = await startCall({
      transcripts: ['first', 'second'],
      replies: [
        [],
        async function* () {
          yield* [];
          throw new Error('boom');
        },
      ],
    });
    for (let turn = 0; turn < 2; turn++) {
      say(300);
      pause(200);
      expect(await transport.next('error')).toEqual({ type: 'error', code: 'assistant_failed', message: VOICE_APOLOGY });
      expect((await transport.next('transcript', finalOf('assistant'))).transcript).toBe(VOICE_APOLOGY);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failures).toEqual(['assistant']);
    expect(timings.map((turn) => turn.outcome)).toEqual(['failed', 'failed']);
  });

  it('forwards the crisis event before the reply and the assistant error as not fatal', async () => {
    const resources = [{ name: '988 Suicide & Crisis Lifeline', phone: '988', sms: '988' }];
    const { transport, say, pause } = await startCall({
      transcripts: ['I want to end it'],
      replies: [
        [
          { type: 'crisis', level: 'crisis', resources },
          { type: 'delta', text: 'You deserve support right now. ' },
          { type: 'error', code: 'provider_unavailable', message: 'The assistant is unavailable.' },
        ],
      ],
    });
    say(300);
    pause(200);
    const crisis = await transport.next('crisis');
    expect(crisis).toEqual({ type: 'crisis', level: 'crisis', resources });
    await transport.next('transcript', finalOf('assistant'));
    const crisisIndex = transport.messages.indexOf(crisis);
    const firstPartial = transport.messages.findIndex(
      (message) => message.type === 'transcript' && message.role === 'assistant' && message.transcript.startsWith('You deserve'),
    );
    expect(firstPartial).toBeGreaterThan(crisisIndex);
    expect(transport.of('error')).toEqual([{ type: 'error', code: 'assistant_failed', message: 'The assistant is unavailable.' }]);
    expect(transport.of('call-end')).toHaveLength(0);
    expect(transport.endedWith).toBeNull();
    // The call goes on: the next turn is heard.
    say(300);
    pause(200);
    expect(await transport.next('transcript', finalOf('user'))).toMatchObject({ transcript: 'hello' });
  });

  it('answers nothing when nothing intelligible was said', async () => {
    const { transport, say, pause, assistant, timings } = await startCall({ transcripts: [''] });
    say(300);
    pause(200);
    await transport.next('status', (message) => message.status === 'listening');
    expect(assistant.requests).toHaveLength(0);
    expect(timings[0]?.outcome).toBe('nothing-heard');
  });

  it('ends the call: aborts the reply, says call-end and closes the transport', async () => {
    const { transport, say, pause, assistant, call } = await startCall({ transcripts: ['hello'], assistantDelayMs: 1_000 });
    say(300);
    pause(200);
    await transport.next('transcript', finalOf('user'));
    call.end('customer-ended-call');
    expect(assistant.requests[0]?.signal.aborted).toBe(true);
    expect(transport.messages.at(-1)).toEqual({ type: 'call-end', reason: 'customer-ended-call' });
    expect(transport.endedWith).toBe('customer-ended-call');
    const count = transport.messages.length;
    say(300);
    pause(300);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.messages).toHaveLength(count);
  });
});
