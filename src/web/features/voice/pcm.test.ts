import { describe, expect, it } from 'vitest';
import { VOICE_INPUT_SAMPLE_RATE } from '../../../shared/voice-protocol.ts';
import { PcmFramer, pcm16ToFloat32, rmsLevel } from './pcm.ts';
import { CAPTURE_FRAME_SAMPLES } from './microphone.ts';

const framer = (inputSampleRate: number, frameSamples = CAPTURE_FRAME_SAMPLES) =>
  new PcmFramer({ inputSampleRate, outputSampleRate: VOICE_INPUT_SAMPLE_RATE, frameSamples });

function int16s(buffer: ArrayBuffer): number[] {
  const view = new DataView(buffer);
  return Array.from({ length: buffer.byteLength / 2 }, (_, index) => view.getInt16(index * 2, true));
}

describe('PcmFramer', () => {
  it('makes 20 ms frames of 320 samples (640 bytes) at 16 kHz', () => {
    expect(CAPTURE_FRAME_SAMPLES).toBe(320);
    const capture = framer(48_000);
    // 48 kHz: 960 input samples per 20 ms frame.
    expect(capture.push(new Float32Array(959))).toEqual([]);
    const frames = capture.push(new Float32Array(1));
    expect(frames).toHaveLength(1);
    expect(frames[0]?.pcm.byteLength).toBe(640);
  });

  it('keeps the 16 kHz rate across chunk borders at 44.1 kHz', () => {
    const capture = framer(44_100);
    let frames = 0;
    // One second in 128-sample render quanta, as an AudioWorklet delivers it.
    for (let sent = 0; sent < 44_100; sent += 128) frames += capture.push(new Float32Array(Math.min(128, 44_100 - sent))).length;
    expect(frames).toBe(50);
  });

  it('averages the input behind each output sample and writes little-endian PCM16', () => {
    const capture = framer(48_000, 4);
    const input = Float32Array.from([0.5, 0.5, 0.5, -1, -1, -1, 1, 1, 1, 0, 0.3, 0.6]);
    const [frame] = capture.push(input);
    expect(int16s(frame!.pcm)).toEqual([16_384, -32_768, 32_767, 9_830]);
  });

  it('clamps samples outside -1..1', () => {
    const capture = framer(16_000, 2);
    const [frame] = capture.push(Float32Array.from([3, -3]));
    expect(int16s(frame!.pcm)).toEqual([32_767, -32_768]);
  });

  it('reports the frame level as RMS', () => {
    const capture = framer(16_000, 4);
    const [frame] = capture.push(Float32Array.from([0.5, -0.5, 0.5, -0.5]));
    expect(frame?.level).toBeCloseTo(0.5, 5);
  });

  it('refuses an input rate below 16 kHz', () => {
    expect(() => framer(8_000)).toThrow('below 16000 Hz');
  });
});

describe('pcm16ToFloat32', () => {
  it('reads little-endian samples and ignores a trailing odd byte', () => {
    const bytes = new Uint8Array([0x00, 0x40, 0x00, 0x80, 0xff, 0x7f, 0x12]);
    const samples = pcm16ToFloat32(bytes.buffer);
    expect(Array.from(samples)).toEqual([0.5, -1, 32_767 / 32_768]);
  });
});

describe('rmsLevel', () => {
  it('is 0 for no samples and the RMS otherwise', () => {
    expect(rmsLevel(new Float32Array(0))).toBe(0);
    expect(rmsLevel(Float32Array.from([0.3, -0.3]))).toBeCloseTo(0.3, 6);
  });
});
