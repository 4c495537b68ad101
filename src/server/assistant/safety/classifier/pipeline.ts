/** Corpus → fitted, quantized, calibrated model and its file bytes: the one path both the training script and the reproducibility test take. */
import type { Example, Split } from './corpus.ts';
import { encodeModel, type LinearModel } from './model.ts';
import { calibrate, DEFAULT_TRAIN_OPTIONS, fitWeights, type TrainOptions } from './train.ts';

/** Feature sets compared in decision 080; `default` is the one committed. */
export const FEATURE_SETS: Record<string, TrainOptions> = {
  default: DEFAULT_TRAIN_OPTIONS,
  'words-only': { ...DEFAULT_TRAIN_OPTIONS, features: { charGrams: [0, 0], words: true, wordBigrams: true } },
  'chars-only': { ...DEFAULT_TRAIN_OPTIONS, features: { charGrams: [1, 4], words: false, wordBigrams: false } },
  'chars-2-5+words': { ...DEFAULT_TRAIN_OPTIONS, features: { charGrams: [2, 5], words: true, wordBigrams: true } },
  'default-2^14-buckets': { ...DEFAULT_TRAIN_OPTIONS, buckets: 1 << 14 },
  'default-2^16-buckets': { ...DEFAULT_TRAIN_OPTIONS, buckets: 1 << 16 },
};

function splitCorpus(corpus: readonly Example[]): Record<Split, Example[]> {
  return {
    train: corpus.filter((example) => example.split === 'train'),
    validation: corpus.filter((example) => example.split === 'validation'),
    test: corpus.filter((example) => example.split === 'test'),
  };
}

export function trainClassifier(corpus: readonly Example[], options: TrainOptions): { model: LinearModel; bytes: Buffer; split: Record<Split, Example[]> } {
  const split = splitCorpus(corpus);
  const fitted = fitWeights(split.train, options);
  // Calibrate on the quantized weights, since those are what inference uses.
  const { quantized } = encodeModel(fitted);
  const thresholds = calibrate(quantized, split.validation);
  const { bytes, quantized: model } = encodeModel({ ...fitted, thresholds });
  return { model, bytes, split };
}
