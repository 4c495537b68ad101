/**
 * The browser's side of the voice WebSocket (DESIGN §5.3): same origin, JSON control messages and
 * binary PCM16 frames both ways.
 */
import { VOICE_PATH, type VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import type { VoiceConnection, VoiceConnectionHandlers } from './voice-call.ts';

export function voiceSocketUrl(pageUrl: string): string {
  const url = new URL(VOICE_PATH, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Parses one text frame from the server; anything that is not a typed JSON object is skipped. */
export function parseServerMessage(text: string): VoiceServerMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string') {
      return value as VoiceServerMessage;
    }
  } catch {
    // Not JSON: a server this page does not understand; skip the frame like any unknown message.
  }
  return null;
}

export function connectVoiceSocket(handlers: VoiceConnectionHandlers): VoiceConnection {
  const socket = new WebSocket(voiceSocketUrl(window.location.href));
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
    if (typeof event.data === 'string') {
      const message = parseServerMessage(event.data);
      if (message) handlers.onMessage(message);
    } else {
      handlers.onAudio(event.data);
    }
  };
  // An `error` event is always followed by `close`, which is where the call learns it is over.
  socket.onclose = () => handlers.onClose();
  return {
    send(data) {
      if (socket.readyState !== WebSocket.OPEN) return;
      socket.send(data instanceof ArrayBuffer ? data : JSON.stringify(data));
    },
    close() {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
    },
  };
}
