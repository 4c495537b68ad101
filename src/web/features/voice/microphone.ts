/**
 * The microphone side of a voice call (DESIGN §8): getUserMedia with echo cancellation and noise
 * suppression, then the capture worklet, which hands back 16 kHz PCM16 frames of 20 ms.
 */
import { VOICE_FRAME_MIN_MS, VOICE_INPUT_SAMPLE_RATE } from '../../../shared/voice-protocol.ts';
import type { CapturedFrame } from './pcm.ts';
import captureWorkletUrl from './capture-worklet.ts?worker&url';

/** 20 ms at 16 kHz: 320 samples, 640 bytes a frame. */
export const CAPTURE_FRAME_SAMPLES = (VOICE_INPUT_SAMPLE_RATE * VOICE_FRAME_MIN_MS) / 1_000;

/** Must match CAPTURE_PROCESSOR_NAME in capture-worklet.ts (importing it would run the worklet here). */
const CAPTURE_PROCESSOR_NAME = 'ellis-capture';

/** Why the microphone could not be used; each has its own message on the page. */
export type MicrophoneProblem = 'permission-denied' | 'no-microphone' | 'microphone-busy' | 'unsupported';

export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  readonly problem: MicrophoneProblem;

  constructor(problem: MicrophoneProblem, cause?: unknown) {
    super(`Microphone unavailable: ${problem}`, { cause });
    this.problem = problem;
  }
}

export interface Microphone {
  setMuted(muted: boolean): void;
  /** Stops the tracks and disconnects the worklet; the audio context is the caller's. */
  close(): void;
}

export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

/** Maps getUserMedia's DOMException names to what the person can do about it. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-microphone';
    default:
      return 'microphone-busy';
  }
}

export async function openMicrophone(context: AudioContext, onFrame: (frame: CapturedFrame) => void): Promise<Microphone> {
  // Absent on plain http (other than localhost) and in very old browsers.
  if (!navigator.mediaDevices?.getUserMedia || !context.audioWorklet) throw new MicrophoneError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
  } catch (error) {
    throw new MicrophoneError(microphoneProblemOf(error), error);
  }
  const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
  try {
    await context.audioWorklet.addModule(captureWorkletUrl);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, CAPTURE_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: 'explicit',
      processorOptions: { outputSampleRate: VOICE_INPUT_SAMPLE_RATE, frameSamples: CAPTURE_FRAME_SAMPLES },
    });
    capture.port.onmessage = (event: MessageEvent<CapturedFrame>) => onFrame(event.data);
    source.connect(capture);
    return {
      setMuted(muted) {
        for (const track of stream.getAudioTracks()) track.enabled = !muted;
      },
      close() {
        capture.port.onmessage = null;
        source.disconnect();
        capture.disconnect();
        stopTracks();
      },
    };
  } catch (error) {
    stopTracks();
    throw new MicrophoneError('unsupported', error);
  }
}
