// Shared pieces of the voice journeys: Chromium launched with a fake microphone, and a scripted
// stand-in for the voice WebSocket server (DESIGN §5.3) for the screen's own behaviour.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test, waitForHydration } from './support.ts';
import { synthesizeSpeechWav } from './voice-speech.ts';

export const VOICE_PAGE = '/speak-with-ellis';
export const VOICE_SOCKET = /\/api\/voice$/;

export interface FakeMicrophone {
  /** Whether the page may use the microphone (otherwise the prompt is denied). */
  grant: boolean;
  /** A fake capture device exists (default true); without it there is no microphone at all. */
  device?: boolean;
  /** A sentence the microphone says (espeak-ng, looped); otherwise Chromium's fake device beeps. */
  speech?: string;
}

/**
 * The e2e `test` with Chromium's fake microphone (DESIGN §10). Launch flags apply to the whole
 * browser, so each spec file makes its own with the microphone it needs; the project's other
 * launch options are kept.
 */
export function testWithMicrophone(microphone: FakeMicrophone) {
  return test.extend<object, { fakeMicrophoneWav: string | null }>({
    fakeMicrophoneWav: [
      async ({}, use) => {
        if (!microphone.speech) return use(null);
        const path = synthesizeSpeechWav(microphone.speech);
        await use(path);
        rmSync(dirname(path), { recursive: true, force: true });
      },
      { scope: 'worker' },
    ],
    launchOptions: [
      async ({ launchOptions, fakeMicrophoneWav }, use) => {
        const args = [...(launchOptions.args ?? [])];
        if (microphone.device !== false) args.push('--use-fake-device-for-media-stream');
        args.push(microphone.grant ? '--use-fake-ui-for-media-stream' : '--deny-permission-prompts');
        if (fakeMicrophoneWav) args.push(`--use-file-for-fake-audio-capture=${fakeMicrophoneWav}`);
        await use({ ...launchOptions, args });
      },
      { scope: 'worker' },
    ],
  });
}

/** Opens the voice screen and waits until its lazy code is live (the button is enabled). */
export async function openVoicePage(page: Page): Promise<void> {
  await page.goto(VOICE_PAGE);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speak with Ellis');
  await expect(callButton(page)).toBeEnabled();
}

export function callButton(page: Page) {
  return page.locator('.voice-call-button');
}

export function statusRegion(page: Page) {
  return page.locator('.voice-status');
}

export function conversationLog(page: Page) {
  return page.getByRole('log', { name: 'Conversation' });
}

/** What a scripted server saw from the page. */
export interface ScriptedCall {
  socket: WebSocketRoute;
  json: Array<Record<string, unknown>>;
  binaryFrameSizes: number[];
  send(message: Record<string, unknown>): void;
}

/**
 * Routes the page's voice socket to a script instead of the server: each connection is handed to
 * `onCall` and recorded in the returned list.
 */
export async function scriptVoiceServer(page: Page, onCall: (call: ScriptedCall) => void = () => undefined): Promise<ScriptedCall[]> {
  const calls: ScriptedCall[] = [];
  await page.routeWebSocket(VOICE_SOCKET, (socket) => {
    const call: ScriptedCall = {
      socket,
      json: [],
      binaryFrameSizes: [],
      send: (message) => socket.send(JSON.stringify(message)),
    };
    socket.onMessage((message) => {
      if (typeof message === 'string') call.json.push(JSON.parse(message) as Record<string, unknown>);
      else call.binaryFrameSizes.push(message.byteLength);
    });
    calls.push(call);
    onCall(call);
  });
  return calls;
}

/** `durationMs` of a 440 Hz tone as PCM16 little-endian, loud enough to count as speech. */
export function tonePcm16(sampleRate: number, durationMs: number, amplitude = 0.5): Buffer {
  const samples = Math.round((sampleRate * durationMs) / 1_000);
  const buffer = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / sampleRate) * amplitude * 0x7fff), index * 2);
  }
  return buffer;
}
