/**
 * A local server speaking OpenAI's audio endpoints, for the STT and TTS adapter contract tests
 * (DESIGN §10): `POST /v1/audio/transcriptions` (multipart WAVE upload) and `POST /v1/audio/speech`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeWav, encodeWav } from '../wav.ts';
import type { PcmAudio } from '../pcm.ts';

export interface OpenAiAudioTestServer {
  baseUrl: string;
  /** What /audio/transcriptions answers. */
  transcript: string;
  /** The status of the next request, once (500 → a failing server). */
  failNextWith: number | null;
  /** Uploads received, decoded, with the form's model field and the Authorization header. */
  readonly uploads: Array<{ audio: PcmAudio; model: string; authorization: string | undefined }>;
  /** Speech requests received. */
  readonly speechRequests: Array<{ model: string; voice: string; input: string; response_format: string }>;
  close(): Promise<void>;
}

const SPEECH_RATE = 24_000;

export async function startOpenAiAudioTestServer(): Promise<OpenAiAudioTestServer> {
  const state = {
    transcript: 'i need a place to sleep tonight',
    failNextWith: null as number | null,
    uploads: [] as OpenAiAudioTestServer['uploads'],
    speechRequests: [] as OpenAiAudioTestServer['speechRequests'],
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (state.failNextWith !== null) {
        response.writeHead(state.failNextWith, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'scripted failure' } }));
        state.failNextWith = null;
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
        const form = await new Request('http://local/', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: new Uint8Array(body),
        }).formData();
        const file = form.get('file');
        if (!(file instanceof Blob)) {
          response.writeHead(400).end();
          return;
        }
        state.uploads.push({
          audio: decodeWav(new Uint8Array(await file.arrayBuffer())),
          model: String(form.get('model')),
          authorization: request.headers.authorization,
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ text: ` ${state.transcript} ` }));
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/audio/speech') {
        const json = JSON.parse(body.toString('utf8')) as OpenAiAudioTestServer['speechRequests'][number];
        state.speechRequests.push(json);
        // 60 ms of tone per character: long enough to be speech-like in length.
        const samples = new Int16Array(Math.round(json.input.length * 0.06 * SPEECH_RATE));
        for (let index = 0; index < samples.length; index++) samples[index] = Math.round(6000 * Math.sin(index / 7));
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.end(encodeWav({ samples, sampleRate: SPEECH_RATE }));
        return;
      }
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get transcript() {
      return state.transcript;
    },
    set transcript(value: string) {
      state.transcript = value;
    },
    get failNextWith() {
      return state.failNextWith;
    },
    set failNextWith(value: number | null) {
      state.failNextWith = value;
    },
    uploads: state.uploads,
    speechRequests: state.speechRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
