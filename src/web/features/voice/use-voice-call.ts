import { useEffect, useState, useSyncExternalStore } from 'react';
import { getAccessToken } from '../../lib/api-client.ts';
import { openMicrophone } from './microphone.ts';
import { createReplyPlayer } from './pcm-player.ts';
import { initialVoiceCallState, VoiceCall, type VoiceCallState } from './voice-call.ts';
import { connectVoiceSocket } from './voice-connection.ts';

/** Until the server names the reply's rate with `audio-format`. */
const DEFAULT_REPLY_SAMPLE_RATE = 16_000;

function createBrowserVoiceCall(): VoiceCall {
  return new VoiceCall({
    createAudioContext: () => new AudioContext({ latencyHint: 'interactive' }),
    openMicrophone,
    createPlayer: (context) => createReplyPlayer(context, DEFAULT_REPLY_SAMPLE_RATE),
    connect: connectVoiceSocket,
    accessToken: getAccessToken,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    now: () => performance.now(),
  });
}

const serverSnapshot = () => initialVoiceCallState();

/** The page's one call; leaving the page ends it (SPEC §4: "customer-ended-call" on leaving). */
export function useVoiceCall(): { state: VoiceCallState; call: VoiceCall } {
  const [call] = useState(createBrowserVoiceCall);
  const state = useSyncExternalStore(call.subscribe, call.getSnapshot, serverSnapshot);
  useEffect(() => {
    // Closing the tab or going to another site skips React's clean-up, so end the call here too.
    const leave = () => call.stop();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      call.stop();
    };
  }, [call]);
  return { state, call };
}
