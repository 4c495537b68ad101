/**
 * Plays Ellis's reply (DESIGN §5.3, §8): PCM16 frames at the announced rate are queued back to back
 * on the call's AudioContext; `stop()` silences everything queued at once (barge-in). An analyser
 * on the output gives the remote audio level the screen's volume and speaking indicator use.
 */
import { pcm16ToFloat32, rmsLevel } from './pcm.ts';

/** A little headroom so the first frame does not start in the past and click. */
const START_DELAY_S = 0.05;

export interface ReplyPlayer {
  setSampleRate(sampleRate: number): void;
  play(pcm: ArrayBuffer): void;
  /** Cuts off everything playing or queued. */
  stop(): void;
  /** The level of what is playing right now, 0..1. */
  level(): number;
  close(): void;
}

export function createReplyPlayer(context: AudioContext, initialSampleRate: number): ReplyPlayer {
  let sampleRate = initialSampleRate;
  let playhead = 0;
  const sources = new Set<AudioBufferSourceNode>();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2_048;
  analyser.connect(context.destination);
  const samples = new Float32Array(analyser.fftSize);

  return {
    setSampleRate(rate) {
      sampleRate = rate;
    },
    play(pcm) {
      const floats = pcm16ToFloat32(pcm);
      if (floats.length === 0) return;
      const buffer = context.createBuffer(1, floats.length, sampleRate);
      buffer.copyToChannel(floats, 0);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(analyser);
      playhead = Math.max(playhead, context.currentTime + START_DELAY_S);
      source.start(playhead);
      playhead += buffer.duration;
      sources.add(source);
      source.onended = () => {
        sources.delete(source);
        source.disconnect();
      };
    },
    stop() {
      for (const source of sources) {
        source.onended = null;
        source.stop();
        source.disconnect();
      }
      sources.clear();
      playhead = 0;
    },
    level() {
      if (sources.size === 0) return 0;
      analyser.getFloatTimeDomainData(samples);
      return rmsLevel(samples);
    },
    close() {
      this.stop();
      analyser.disconnect();
    },
  };
}
