/**
 * A simulated Twilio for tests and benches: it calls the voice webhook like Twilio does (a signed
 * form post), opens the media stream the TwiML names (a signed handshake) and speaks the Media
 * Streams protocol with μ-law 8 kHz audio, echoing marks the way Twilio does once the audio before
 * them has played. It never touches the network beyond the server under test.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { decodeMuLaw, encodeMuLaw } from '../../../providers/audio/phone-audio.ts';
import { resamplePcm16 } from '../../../providers/audio/pcm.ts';
import { twilioSignature } from '../twilio-signature.ts';
import { TWILIO_AFTER_STREAM_PATH, TWILIO_VOICE_PATH } from '../telephony-service.ts';

export interface SimulatedTwilioOptions {
  /** Where the server really listens (http://127.0.0.1:PORT). */
  serverOrigin: string;
  /** The server's PUBLIC_URL: Twilio signs the URLs it was given, which are on it. */
  publicUrl: string;
  authToken: string;
}

export interface InboundEvent {
  event: string;
  at: number;
  mark?: { name: string };
  media?: { payload: string };
}

const FRAME_SAMPLES_8K = 160;

export function newCallSid(): string {
  return `CA${randomBytes(16).toString('hex')}`;
}

/** A signed form post to one of the phone line's webhooks, as Twilio makes it. */
export async function postSignedWebhook(
  options: SimulatedTwilioOptions,
  path: string,
  params: Record<string, string>,
  signWith = options.authToken,
): Promise<{ status: number; body: string }> {
  const signature = twilioSignature(signWith, `${options.publicUrl}${path}`, params);
  const response = await fetch(`${options.serverOrigin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, body: await response.text() };
}

export class SimulatedTwilioCall {
  readonly callSid = newCallSid();
  readonly streamSid = `MZ${randomBytes(16).toString('hex')}`;
  readonly inbound: InboundEvent[] = [];
  /** Reply audio received, decoded to 8 kHz PCM16. */
  readonly audio: Int16Array[] = [];
  readonly #options: SimulatedTwilioOptions;
  #socket: WebSocket | null = null;
  #closed: Promise<number> | null = null;
  readonly #waiters: Array<{ match: (event: InboundEvent) => boolean; resolve: (event: InboundEvent) => void }> = [];

  constructor(options: SimulatedTwilioOptions) {
    this.#options = options;
  }

  /** Rings the number: the voice webhook's TwiML. */
  ring(): Promise<{ status: number; body: string }> {
    return postSignedWebhook(this.#options, TWILIO_VOICE_PATH, this.#webhookParams({ CallStatus: 'ringing', Direction: 'inbound' }));
  }

  /** Rings, then opens the stream the TwiML names and sends `connected` and `start`. */
  async connect(): Promise<void> {
    const answer = await this.ring();
    if (answer.status !== 200) throw new Error(`voice webhook answered ${answer.status}: ${answer.body}`);
    const streamUrl = /<Stream url="([^"]+)"/.exec(answer.body)?.[1];
    const callToken = /<Parameter name="callToken" value="([^"]+)"/.exec(answer.body)?.[1];
    if (!streamUrl || !callToken) throw new Error(`no stream in the TwiML: ${answer.body}`);
    await this.openStream(streamUrl.replaceAll('&#38;', '&'), callToken);
  }

  /** Opens a stream (signed as Twilio signs it unless `signature` says otherwise). */
  async openStream(streamUrl: string, callToken: string, signature = twilioSignature(this.#options.authToken, streamUrl)): Promise<void> {
    const path = new URL(streamUrl).pathname;
    const socket = new WebSocket(`${this.#options.serverOrigin.replace(/^http/, 'ws')}${path}`, { headers: { 'x-twilio-signature': signature } });
    this.#socket = socket;
    this.#closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) => reject(new Error(`handshake answered ${response.statusCode}`)));
    });
    socket.on('message', (data) => this.#receive(JSON.parse(String(data)) as InboundEvent));
    this.#send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.#send({
      event: 'start',
      sequenceNumber: '1',
      streamSid: this.streamSid,
      start: {
        accountSid: 'AC00000000000000000000000000000000',
        streamSid: this.streamSid,
        callSid: this.callSid,
        tracks: ['inbound'],
        customParameters: { callToken },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
  }

  /**
   * Says 16 kHz speech down the line: resampled to 8 kHz, μ-law coded, 20 ms per media message,
   * paced to real time by default (the way a phone sends it).
   */
  async say(samples16k: Int16Array, options: { realTime?: boolean } = {}): Promise<void> {
    const narrow = resamplePcm16({ samples: samples16k, sampleRate: 16_000 }, 8_000);
    const started = performance.now();
    for (let offset = 0, frame = 0; offset < narrow.length; offset += FRAME_SAMPLES_8K, frame++) {
      if (options.realTime ?? true) {
        const due = started + frame * 20 - performance.now();
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      }
      this.#send({
        event: 'media',
        streamSid: this.streamSid,
        media: { track: 'inbound', chunk: String(frame + 1), timestamp: String(frame * 20), payload: encodeMuLaw(narrow.subarray(offset, offset + FRAME_SAMPLES_8K)).toString('base64') },
      });
    }
  }

  pressDigit(digit: string): void {
    this.#send({ event: 'dtmf', streamSid: this.streamSid, sequenceNumber: '9', dtmf: { track: 'inbound_track', digit } });
  }

  /** The caller hangs up: `stop`, then the socket closes. */
  hangUp(): void {
    this.#send({ event: 'stop', streamSid: this.streamSid, stop: { accountSid: 'AC00000000000000000000000000000000', callSid: this.callSid } });
    this.#socket?.close();
  }

  /** Resolves with the close code once the server has closed the stream. */
  closed(): Promise<number> {
    if (!this.#closed) throw new Error('no stream open');
    return this.#closed;
  }

  /** What Twilio asks once the stream has ended: the Connect action's TwiML. */
  afterStream(): Promise<{ status: number; body: string }> {
    return postSignedWebhook(this.#options, TWILIO_AFTER_STREAM_PATH, this.#webhookParams({ CallStatus: 'in-progress' }));
  }

  /** Resolves with the next inbound event (from now on) that matches. */
  next(event: string, where: (inbound: InboundEvent) => boolean = () => true, timeoutMs = 10_000): Promise<InboundEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push({
        match: (inbound) => inbound.event === event && where(inbound),
        resolve: (inbound) => {
          clearTimeout(timer);
          resolve(inbound);
        },
      });
    });
  }

  count(event: string): number {
    return this.inbound.filter((inbound) => inbound.event === event).length;
  }

  #webhookParams(extra: Record<string, string>): Record<string, string> {
    return {
      AccountSid: 'AC00000000000000000000000000000000',
      CallSid: this.callSid,
      From: '+14155550100',
      To: '+14155550199',
      ApiVersion: '2010-04-01',
      ...extra,
    };
  }

  #send(message: unknown): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }

  #receive(inbound: InboundEvent): void {
    inbound.at = performance.now();
    this.inbound.push(inbound);
    if (inbound.event === 'media' && inbound.media) this.audio.push(decodeMuLaw(Buffer.from(inbound.media.payload, 'base64')));
    // Twilio echoes a mark once the audio sent before it has played; here, at once.
    if (inbound.event === 'mark' && inbound.mark) this.#send({ event: 'mark', streamSid: this.streamSid, mark: inbound.mark });
    for (const waiter of [...this.#waiters]) {
      if (waiter.match(inbound)) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve(inbound);
      }
    }
  }
}
