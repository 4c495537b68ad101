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

export interface MicrophoneHandlers {
  onFrame(frame: CapturedFrame): void;
  /** The microphone stopped working during the call and could not be brought back. */
  onLost(problem: MicrophoneProblem): void;
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

/** Used after an audio-processing failure (SPEC §8): noise suppression off, the microphone back on. */
const PLAIN_MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: true, noiseSuppression: false, autoGainControl: true },
  video: false,
};

async function requestStream(constraints: MediaStreamConstraints): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch (error) {
    throw new MicrophoneError(microphoneProblemOf(error), error);
  }
}

/** One microphone stream feeding one capture worklet node. */
function connectCapture(
  context: AudioContext,
  stream: MediaStream,
  onFrame: (frame: CapturedFrame) => void,
  onProcessingError: () => void,
  onUnplugged: () => void,
): Microphone {
  const source = context.createMediaStreamSource(stream);
  const capture = new AudioWorkletNode(context, CAPTURE_PROCESSOR_NAME, {
    numberOfInputs: 1,
    numberOfOutputs: 0,
    channelCount: 1,
    channelCountMode: 'explicit',
    processorOptions: { outputSampleRate: VOICE_INPUT_SAMPLE_RATE, frameSamples: CAPTURE_FRAME_SAMPLES },
  });
  capture.port.onmessage = (event: MessageEvent<CapturedFrame>) => onFrame(event.data);
  capture.onprocessorerror = onProcessingError;
  // `ended` fires when the device goes away (unplugged, revoked), not when we stop the track.
  for (const track of stream.getAudioTracks()) track.onended = onUnplugged;
  source.connect(capture);
  return {
    setMuted(muted) {
      for (const track of stream.getAudioTracks()) track.enabled = !muted;
    },
    close() {
      capture.port.onmessage = null;
      capture.onprocessorerror = null;
      for (const track of stream.getAudioTracks()) track.onended = null;
      source.disconnect();
      capture.disconnect();
      for (const track of stream.getTracks()) track.stop();
    },
  };
}

/**
 * Opens the microphone and starts capture. The microphone is asked for first, so a refusal is
 * known before anything else happens. If audio processing later fails, capture restarts once
 * without noise suppression and the call goes on (SPEC §8).
 */
export async function openMicrophone(context: AudioContext, handlers: MicrophoneHandlers): Promise<Microphone> {
  const { onFrame, onLost } = handlers;
  // Absent on plain http (other than localhost) and in very old browsers.
  if (!navigator.mediaDevices?.getUserMedia || !context.audioWorklet) throw new MicrophoneError('unsupported');
  const stream = await requestStream(MICROPHONE_CONSTRAINTS);
  let muted = false;
  let closed = false;
  let restarted = false;
  let current: Microphone;
  const unplugged = () => {
    current.close();
    if (!closed) onLost('no-microphone');
  };

  const restartWithoutNoiseSuppression = () => {
    current.close();
    if (closed) return;
    if (restarted) {
      onLost('microphone-busy');
      return;
    }
    restarted = true;
    void requestStream(PLAIN_MICROPHONE_CONSTRAINTS).then(
      (plainStream) => {
        if (closed) {
          for (const track of plainStream.getTracks()) track.stop();
          return;
        }
        current = connectCapture(context, plainStream, onFrame, restartWithoutNoiseSuppression, unplugged);
        current.setMuted(muted);
      },
      (error: unknown) => onLost(error instanceof MicrophoneError ? error.problem : 'microphone-busy'),
    );
  };

  try {
    await context.audioWorklet.addModule(captureWorkletUrl);
    current = connectCapture(context, stream, onFrame, restartWithoutNoiseSuppression, unplugged);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    throw new MicrophoneError('unsupported', error);
  }
  return {
    setMuted(value) {
      muted = value;
      current.setMuted(value);
    },
    close() {
      closed = true;
      current.close();
    },
  };
}
