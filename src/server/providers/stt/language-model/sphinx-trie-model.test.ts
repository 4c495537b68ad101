import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { synthesizeSpeech } from '../../audio/testing/test-speech.ts';
import { isSphinxInstalled, SPHINX_DEFAULTS, SphinxStt } from '../sphinx-stt.ts';
import { BackoffModel, buildWittenBellModel } from './ngram-model.ts';
import { encodeBin, equalPopulationBins, readSphinxTrieModel, requiredBits, writeSphinxTrieModel } from './sphinx-trie-model.ts';

const GENERAL_MODEL = join(SPHINX_DEFAULTS.modelDir, 'en-us.lm.bin');
const split = (sentences: string[]) => sentences.map((sentence) => sentence.split(' '));
const folder = mkdtempSync(join(tmpdir(), 'ellis-lm-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('bit widths and quantisation', () => {
  it('counts the bits a value needs as sphinxbase does', () => {
    expect([0, 1, 2, 3, 4, 255, 256, 72_547, 1_669_625].map(requiredBits)).toEqual([0, 1, 2, 2, 3, 8, 9, 17, 21]);
  });

  it('gives each of a few values its own bin and encodes a value to its nearest bin', () => {
    const bins = equalPopulationBins(Float32Array.from([-3, -1, -2]));
    const encoded = [-1, -2, -3].map((value) => bins[encodeBin(bins, value)]);
    expect(encoded).toEqual([-1, -2, -3]);
    expect(bins[encodeBin(bins, -1.4)]).toBe(-1);
    expect(bins[encodeBin(bins, -1.6)]).toBe(-2);
    expect(bins[encodeBin(bins, 5)]).toBe(-1);
  });
});

const source = buildWittenBellModel(split(['i need food', 'i need a place to sleep tonight', 'where can i sleep tonight', 'a place to eat']));

describe('the binary trie format', () => {
  it('reads back what it writes: every word, n-gram and weight', () => {
    const bytes = writeSphinxTrieModel(source);
    expect(new TextDecoder().decode(bytes.subarray(0, 19))).toBe('Trie Language Model');
    const read = readSphinxTrieModel(bytes);
    expect(read.words).toEqual(source.words);
    expect(Array.from(read.bigramWords)).toEqual(Array.from(source.bigramWords));
    expect(Array.from(read.trigramWords)).toEqual(Array.from(source.trigramWords));
    // Weights go through float32 in base-1.0001 logarithms; a few values each get their own bin.
    const near = (left: Float64Array, right: Float64Array) => left.forEach((value, index) => expect(value).toBeCloseTo(right[index] ?? NaN, 4));
    near(read.unigramLogProb, source.unigramLogProb);
    near(read.unigramBackoff, source.unigramBackoff);
    near(read.bigramLogProb, source.bigramLogProb);
    near(read.bigramBackoff, source.bigramBackoff);
    near(read.trigramLogProb, source.trigramLogProb);
  });

  it('refuses a file that is not a trie model', () => {
    expect(() => readSphinxTrieModel(new TextEncoder().encode('\\data\\\nngram 1=3\n'))).toThrow('not a sphinxbase trie language model');
  });
});

describe('pocketsphinx and its general model', () => {
  // Not a skip: CI installs it (.ci/run), and a machine without it must say so, not pass quietly.
  it('is installed', () => {
    expect(isSphinxInstalled(), 'apt-get install -y pocketsphinx pocketsphinx-en-us').toBe(true);
  });

  it('reads en-us.lm.bin into a normalised model', { timeout: 60_000 }, () => {
    const general = new BackoffModel(readSphinxTrieModel(readFileSync(GENERAL_MODEL)));
    expect(general.model.words).toHaveLength(72_547);
    expect(general.model.trigramLogProb).toHaveLength(1_669_625);
    const unigramTotal = general.model.unigramLogProb.reduce((sum, logProb) => sum + 10 ** logProb, 0);
    expect(unigramTotal).toBeCloseTo(1, 4);
    const i = general.wordId('i');
    const need = general.wordId('need');
    let afterI = 0;
    let afterINeed = 0;
    general.model.words.forEach((word, id) => {
      if (word === '<s>') return;
      afterI += 10 ** general.logProb(id, i);
      afterINeed += 10 ** general.logProb(id, need, i);
    });
    expect(afterI).toBeCloseTo(1, 3);
    expect(afterINeed).toBeCloseTo(1, 3);
    expect(general.logProb(general.wordId('a'), need, i)).toBeGreaterThan(general.logProb(general.wordId('the'), need, i));
  });

  it('decodes with a model this code wrote', { timeout: 90_000 }, async () => {
    const path = join(folder, 'tiny.lm.bin');
    writeFileSync(path, writeSphinxTrieModel(source));
    // Only the model's words: pocketsphinx maps every dictionary word onto the model, which takes it
    // a minute for a model this small and the whole 134,000-word dictionary.
    const dictionary = join(folder, 'tiny.dict');
    const words = new Set(source.words);
    const entries = readFileSync(join(SPHINX_DEFAULTS.modelDir, 'cmudict-en-us.dict'), 'utf8')
      .split('\n')
      .filter((line) => words.has(line.split(' ', 1)[0]?.replace(/\(\d+\)$/, '') ?? ''));
    writeFileSync(dictionary, `${entries.join('\n')}\n`);
    const stt = new SphinxStt({ languageModel: path, dictionary });
    try {
      const speech = await synthesizeSpeech('I need a place to sleep tonight.');
      const text = await stt.transcribe({ samples: speech, sampleRate: 16_000 }, new AbortController().signal);
      expect(text).toBe('i need a place to sleep tonight');
    } finally {
      await stt.close();
    }
  });
});
