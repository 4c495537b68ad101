/**
 * The classifier's linear model and its committed file format. One weight row per hashed feature bucket
 * holds every output (levels, kinds, languages, "about danger") side by side, so a message touches only
 * the rows of its own features. Weights are stored as int8 with one scale per output to keep the file
 * small; inference uses the same dequantized numbers the metrics were computed with.
 */
import { RISK_KINDS, RISK_LEVELS, SAFETY_LANGUAGES } from '../risk.ts';
import type { FeatureOptions, SparseVector } from './features.ts';

export const OUTPUTS = {
  level: { offset: 0, size: RISK_LEVELS.length },
  kind: { offset: RISK_LEVELS.length, size: RISK_KINDS.length },
  language: { offset: RISK_LEVELS.length + RISK_KINDS.length, size: SAFETY_LANGUAGES.length },
  about: { offset: RISK_LEVELS.length + RISK_KINDS.length + SAFETY_LANGUAGES.length, size: 1 },
} as const;
export const OUTPUT_COUNT = OUTPUTS.about.offset + OUTPUTS.about.size;

/** Decision thresholds calibrated on the validation split (see classify.ts and decision 080). */
export interface Thresholds {
  /** P(crisis) + P(immediate-danger) at or above this → level ≥ crisis. */
  crisis: number;
  /** Share of immediate-danger within that probability at or above this → immediate-danger. */
  immediateShare: number;
  /** P(concern or above) at or above this (and below crisis) → concern. */
  concern: number;
  /** A kind other than the top one is reported when its probability reaches this. */
  secondKind: number;
}

export interface LinearModel {
  buckets: number;
  features: FeatureOptions;
  thresholds: Thresholds;
  /** buckets × OUTPUT_COUNT, bucket-major. */
  weights: Float32Array;
  bias: Float32Array;
}

const MAGIC = 'ELLIS-SAFETY-1';

export function encodeModel(model: LinearModel): { bytes: Buffer; quantized: LinearModel } {
  const scales = new Float32Array(OUTPUT_COUNT);
  for (let i = 0; i < model.weights.length; i++) {
    const output = i % OUTPUT_COUNT;
    scales[output] = Math.max(scales[output]!, Math.abs(model.weights[i]!));
  }
  for (let output = 0; output < OUTPUT_COUNT; output++) scales[output] = scales[output]! > 0 ? scales[output]! / 127 : 1;
  const quantized = new Int8Array(model.weights.length);
  for (let i = 0; i < model.weights.length; i++) quantized[i] = Math.round(model.weights[i]! / scales[i % OUTPUT_COUNT]!);
  const header = JSON.stringify({
    magic: MAGIC,
    buckets: model.buckets,
    outputs: OUTPUT_COUNT,
    features: model.features,
    thresholds: model.thresholds,
    scales: Array.from(scales),
    bias: Array.from(model.bias),
  });
  const headerBytes = Buffer.from(header, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const bytes = Buffer.concat([length, headerBytes, Buffer.from(quantized.buffer, quantized.byteOffset, quantized.byteLength)]);
  return { bytes, quantized: decodeModel(bytes) };
}

export function decodeModel(bytes: Uint8Array): LinearModel {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = buffer.readUInt32LE(0);
  const header = JSON.parse(buffer.subarray(4, 4 + headerLength).toString('utf8')) as {
    magic: string;
    buckets: number;
    outputs: number;
    features: FeatureOptions;
    thresholds: Thresholds;
    scales: number[];
    bias: number[];
  };
  if (header.magic !== MAGIC || header.outputs !== OUTPUT_COUNT) throw new Error('safety classifier weights do not match this code');
  const raw = new Int8Array(buffer.buffer, buffer.byteOffset + 4 + headerLength, header.buckets * OUTPUT_COUNT);
  const weights = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) weights[i] = raw[i]! * header.scales[i % OUTPUT_COUNT]!;
  return { buckets: header.buckets, features: header.features, thresholds: header.thresholds, weights, bias: Float32Array.from(header.bias) };
}

/** Raw scores of every output for one feature vector. */
export function scoreOutputs(model: LinearModel, vector: SparseVector, into = new Float32Array(OUTPUT_COUNT)): Float32Array {
  into.set(model.bias);
  const { indices, values } = vector;
  for (let i = 0; i < indices.length; i++) {
    const row = indices[i]! * OUTPUT_COUNT;
    const value = values[i]!;
    for (let output = 0; output < OUTPUT_COUNT; output++) into[output]! += model.weights[row + output]! * value;
  }
  return into;
}

export function softmaxSlice(scores: Float32Array, offset: number, size: number): Float64Array {
  const out = new Float64Array(size);
  let max = -Infinity;
  for (let i = 0; i < size; i++) max = Math.max(max, scores[offset + i]!);
  let sum = 0;
  for (let i = 0; i < size; i++) {
    out[i] = Math.exp(scores[offset + i]! - max);
    sum += out[i]!;
  }
  for (let i = 0; i < size; i++) out[i]! /= sum;
  return out;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
