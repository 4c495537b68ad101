import { describe, expect, it } from 'vitest';
import { arpaChunks, BackoffModel, buildWittenBellModel, interpolateModels } from './ngram-model.ts';

const split = (sentences: string[]) => sentences.map((sentence) => sentence.split(' '));
const close = (log10: number) => 10 ** log10;

/** Σ_w P(w | history) over the whole vocabulary (never <s>, which is never predicted). */
function totalProbability(model: BackoffModel, history: string[]): number {
  const ids = history.map((word) => model.wordId(word));
  const [beforePrevious, previous] = ids.length === 2 ? ids : [-1, ids[0] ?? -1];
  let total = 0;
  model.model.words.forEach((word, id) => {
    if (word !== '<s>') total += 10 ** model.logProb(id, previous, beforePrevious);
  });
  return total;
}

describe('Witten-Bell trigram model', () => {
  const model = new BackoffModel(buildWittenBellModel(split(['a b', 'a c'])));
  const id = (word: string) => model.wordId(word);

  it('counts the n-grams of the sentences, with sentence marks', () => {
    expect(model.model.words).toEqual(['</s>', '<s>', 'a', 'b', 'c']);
    expect(model.model.bigramLogProb.length).toBe(5); // <s> a, a b, a c, b </s>, c </s>
    expect(model.model.trigramLogProb.length).toBe(4); // <s> a b, <s> a c, a b </s>, a c </s>
  });

  it('gives the probabilities worked out by hand', () => {
    // Unigrams: (c(w) + T/V) / (N + T) with N = 6 tokens, T = V = 4 words → a 0.3, b 0.2, </s> 0.3.
    expect(close(model.logProb(id('a')))).toBeCloseTo(0.3, 10);
    expect(close(model.logProb(id('b')))).toBeCloseTo(0.2, 10);
    expect(close(model.logProb(id('</s>')))).toBeCloseTo(0.3, 10);
    expect(model.logProb(id('<s>'))).toBe(-99);
    // P(b | a) = (1 + 2 × 0.2) / (2 + 2); back-off weight of a = T / (c + T) = 2 / 4.
    expect(close(model.logProb(id('b'), id('a')))).toBeCloseTo(0.35, 10);
    expect(close(model.model.unigramBackoff[id('a')] ?? 0)).toBeCloseTo(0.5, 10);
    // P(a | <s>) = (2 + 1 × 0.3) / (2 + 1); an unseen word after <s>: 1/3 × its unigram.
    expect(close(model.logProb(id('a'), id('<s>')))).toBeCloseTo(2.3 / 3, 10);
    expect(close(model.logProb(id('c'), id('<s>')))).toBeCloseTo(0.2 / 3, 10);
    // P(b | <s> a) = (1 + 2 × P(b | a)) / (2 + 2).
    expect(close(model.logProb(id('b'), id('a'), id('<s>')))).toBeCloseTo(1.7 / 4, 10);
  });

  it('sums to one after every history, seen or not', () => {
    for (const history of [[], ['a'], ['<s>'], ['b'], ['<s>', 'a'], ['a', 'b'], ['c', 'a'], ['b', 'c']]) {
      expect(totalProbability(model, history), history.join(' ')).toBeCloseTo(1, 10);
    }
  });

  it('sets back-off weights T(h) / (c(h) + T(h)) on bigram histories and none on the rest', () => {
    const sa = model.bigramIndex(id('<s>'), id('a'));
    expect(close(model.model.bigramBackoff[sa] ?? 0)).toBeCloseTo(2 / 4, 10);
    const bEnd = model.bigramIndex(id('b'), id('</s>'));
    expect(model.model.bigramBackoff[bEnd]).toBe(0);
  });
});

describe('interpolating two models', () => {
  const general = new BackoffModel(buildWittenBellModel(split(['the cat sat', 'the dog sat', 'a cat ran', 'i need a cat'])));
  const domain = new BackoffModel(buildWittenBellModel(split(['i need food', 'i need a shelter', 'i need food tonight'])));
  const mixed = new BackoffModel(interpolateModels(general, domain, 0.4));

  it('keeps the general vocabulary in order and adds the domain-only words', () => {
    expect(mixed.model.words.slice(0, general.model.words.length)).toEqual(general.model.words);
    expect(mixed.model.words.slice(general.model.words.length)).toEqual(['food', 'shelter', 'tonight']);
  });

  it('gives a seen n-gram 0.4 × P_domain + 0.6 × P_general', () => {
    const probability = (model: BackoffModel, words: string[]) => {
      const [first = '', second = '', third = ''] = words;
      return 10 ** model.logProb(model.wordId(third), model.wordId(second), model.wordId(first));
    };
    for (const words of [['i', 'need', 'a'], ['<s>', 'i', 'need'], ['need', 'a', 'cat'], ['i', 'need', 'food']]) {
      const expected = 0.4 * probability(domain, words) + 0.6 * probability(general, words);
      expect(probability(mixed, words), words.join(' ')).toBeCloseTo(expected, 10);
    }
  });

  it('is a distribution after every history (back-off weights recomputed)', () => {
    for (const history of [[], ['i'], ['need'], ['<s>', 'i'], ['i', 'need'], ['need', 'a'], ['the', 'cat'], ['food', 'tonight']]) {
      expect(totalProbability(mixed, history), history.join(' ')).toBeCloseTo(1, 8);
    }
  });
});

describe('ARPA text', () => {
  it('writes the counts, then every order, then the end mark', () => {
    const model = buildWittenBellModel(split(['a b', 'a c']));
    const text = [...arpaChunks(model)].join('');
    expect(text.startsWith('\\data\\\nngram 1=5\nngram 2=5\nngram 3=4\n\n\\1-grams:\n')).toBe(true);
    expect(text).toContain('-99\t<s>\t');
    // "a b" is the history of "a b </s>": one word seen once after it, back-off 1 / (1 + 1).
    expect(text).toContain(`${Math.log10(0.35).toFixed(4)}\ta b\t-0.3010\n`);
    expect(text).toContain(`${Math.log10(1.7 / 4).toFixed(4)}\t<s> a b\n`);
    expect(text.endsWith('\\end\\\n')).toBe(true);
    expect(text.split('\n').filter((line) => /^-?\d/.test(line))).toHaveLength(14);
  });
});
