import type { NgramModel } from './sphinx-trie-model.ts';

/**
 * Back-off trigram models: Witten-Bell estimation from sentences, look-ups with back-off, linear
 * interpolation of two models into one back-off model, and ARPA text (what pocketsphinx loads).
 * Every weight is a log10, as in ARPA files.
 */
export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';
/** What ARPA files give the sentence start, which is never predicted. */
const NEVER = -99;

/** Look-ups into a model whose n-grams are sorted (as `readSphinxTrieModel` and the builders return them). */
export class BackoffModel {
  readonly model: NgramModel;
  readonly #wordIds = new Map<string, number>();
  /** Where each first word's bigrams start; `bigramStart[w + 1]` is where they end. */
  readonly #bigramStart: Uint32Array;
  /** Where each bigram's trigrams start (trigrams are sorted, and every trigram's prefix is a bigram). */
  readonly #trigramStart: Uint32Array;

  constructor(model: NgramModel) {
    this.model = model;
    model.words.forEach((word, id) => this.#wordIds.set(word, id));
    const vocabulary = model.words.length;
    const bigrams = model.bigramLogProb.length;
    this.#bigramStart = new Uint32Array(vocabulary + 1);
    for (let index = 0, word = 0; word <= vocabulary; word++) {
      while (index < bigrams && (model.bigramWords[2 * index] ?? 0) < word) index++;
      this.#bigramStart[word] = index;
    }
    this.#trigramStart = new Uint32Array(bigrams + 1);
    const trigrams = model.trigramLogProb.length;
    for (let index = 0, bigram = 0; bigram <= bigrams; bigram++) {
      while (index < trigrams && this.#compareTrigramPrefix(index, bigram) < 0) index++;
      this.#trigramStart[bigram] = index;
    }
  }

  wordId(word: string): number {
    return this.#wordIds.get(word) ?? -1;
  }

  /** The index of bigram (first, second), or -1. */
  bigramIndex(first: number, second: number): number {
    if (first < 0 || second < 0) return -1;
    return binarySearch(this.#bigramStart[first] ?? 0, this.#bigramStart[first + 1] ?? 0, (index) => (this.model.bigramWords[2 * index + 1] ?? 0) - second);
  }

  /** The index of trigram (first, second, third), or -1. */
  trigramIndex(first: number, second: number, third: number): number {
    const bigram = this.bigramIndex(first, second);
    if (bigram < 0 || third < 0) return -1;
    return binarySearch(this.#trigramStart[bigram] ?? 0, this.#trigramStart[bigram + 1] ?? 0, (index) => (this.model.trigramWords[3 * index + 2] ?? 0) - third);
  }

  /** The trigrams whose first two words are bigram `bigram`: [start, end). */
  trigramRange(bigram: number): [number, number] {
    return [this.#trigramStart[bigram] ?? 0, this.#trigramStart[bigram + 1] ?? 0];
  }

  /** The bigrams whose first word is `word`: [start, end). */
  bigramRange(word: number): [number, number] {
    return [this.#bigramStart[word] ?? 0, this.#bigramStart[word + 1] ?? 0];
  }

  /** log10 P(word | history), backing off as the model says; -Infinity for a word not in the model. */
  logProb(word: number, previous = -1, beforePrevious = -1): number {
    if (word < 0) return -Infinity;
    if (previous >= 0 && beforePrevious >= 0) {
      const trigram = this.trigramIndex(beforePrevious, previous, word);
      if (trigram >= 0) return this.model.trigramLogProb[trigram] ?? NEVER;
      const history = this.bigramIndex(beforePrevious, previous);
      return (history >= 0 ? (this.model.bigramBackoff[history] ?? 0) : 0) + this.logProb(word, previous);
    }
    if (previous >= 0) {
      const bigram = this.bigramIndex(previous, word);
      if (bigram >= 0) return this.model.bigramLogProb[bigram] ?? NEVER;
      return (this.model.unigramBackoff[previous] ?? 0) + (this.model.unigramLogProb[word] ?? NEVER);
    }
    return this.model.unigramLogProb[word] ?? NEVER;
  }

  #compareTrigramPrefix(trigram: number, bigram: number): number {
    const { trigramWords, bigramWords } = this.model;
    return (trigramWords[3 * trigram] ?? 0) - (bigramWords[2 * bigram] ?? 0) || (trigramWords[3 * trigram + 1] ?? 0) - (bigramWords[2 * bigram + 1] ?? 0);
  }
}

function binarySearch(start: number, end: number, compare: (index: number) => number): number {
  let low = start;
  let high = end - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compare(middle);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * A Witten-Bell trigram model of `sentences` (each a list of words), in back-off form:
 * P(w | h) = (c(h w) + T(h) P(w | h')) / (c(h) + T(h)), T(h) the number of different words seen after h;
 * a seen n-gram keeps that probability, and the back-off weight of h is T(h) / (c(h) + T(h)), which
 * is exactly what the interpolated estimate gives an unseen word. Unigrams are interpolated with a
 * uniform distribution over the words seen, so every word keeps some probability.
 */
export function buildWittenBellModel(sentences: string[][]): NgramModel {
  const vocabulary = [...new Set(sentences.flat())].filter((word) => word !== SENTENCE_START && word !== SENTENCE_END);
  const words = [SENTENCE_END, SENTENCE_START, ...vocabulary.sort()];
  const ids = new Map(words.map((word, id) => [word, id]));
  const start = ids.get(SENTENCE_START) ?? 1;
  const end = ids.get(SENTENCE_END) ?? 0;

  const unigramCounts = new Float64Array(words.length);
  const bigramCounts = new Map<string, number>();
  const trigramCounts = new Map<string, number>();
  for (const sentence of sentences) {
    const padded = [start, ...sentence.map((word) => ids.get(word) ?? -1), end];
    for (let position = 1; position < padded.length; position++) {
      const word = padded[position] ?? 0;
      unigramCounts[word] = (unigramCounts[word] ?? 0) + 1;
      const bigram = `${padded[position - 1]} ${word}`;
      bigramCounts.set(bigram, (bigramCounts.get(bigram) ?? 0) + 1);
      if (position >= 2) {
        const trigram = `${padded[position - 2]} ${bigram}`;
        trigramCounts.set(trigram, (trigramCounts.get(trigram) ?? 0) + 1);
      }
    }
  }

  const tokens = unigramCounts.reduce((sum, count) => sum + count, 0);
  const seenTypes = unigramCounts.filter((count) => count > 0).length;
  const predictable = words.length - 1; // every word but <s>
  const unigramLogProb = new Float64Array(words.length);
  for (let word = 0; word < words.length; word++) {
    unigramLogProb[word] = word === start ? NEVER : Math.log10(((unigramCounts[word] ?? 0) + seenTypes / predictable) / (tokens + seenTypes));
  }

  const bigramEntries = sortedEntries(bigramCounts, 2);
  const trigramEntries = sortedEntries(trigramCounts, 3);
  const historyTotals = (entries: Array<{ words: number[]; count: number }>, length: number) => {
    const totals = new Map<string, { count: number; types: number }>();
    for (const entry of entries) {
      const key = entry.words.slice(0, length).join(' ');
      const total = totals.get(key) ?? { count: 0, types: 0 };
      total.count += entry.count;
      total.types += 1;
      totals.set(key, total);
    }
    return totals;
  };
  const unigramHistories = historyTotals(bigramEntries, 1);
  const bigramHistories = historyTotals(trigramEntries, 2);

  const unigramBackoff = new Float64Array(words.length);
  for (const [key, { count, types }] of unigramHistories) unigramBackoff[Number(key)] = Math.log10(types / (count + types));

  const bigramWords = new Uint32Array(bigramEntries.length * 2);
  const bigramLogProb = new Float64Array(bigramEntries.length);
  const bigramBackoff = new Float64Array(bigramEntries.length);
  bigramEntries.forEach(({ words: [first = 0, second = 0], count }, index) => {
    const history = unigramHistories.get(String(first)) ?? { count: 0, types: 0 };
    const lower = 10 ** (unigramLogProb[second] ?? NEVER);
    bigramWords[2 * index] = first;
    bigramWords[2 * index + 1] = second;
    bigramLogProb[index] = Math.log10((count + history.types * lower) / (history.count + history.types));
    const asHistory = bigramHistories.get(`${first} ${second}`);
    bigramBackoff[index] = asHistory ? Math.log10(asHistory.types / (asHistory.count + asHistory.types)) : 0;
  });

  const partial: NgramModel = {
    order: 3,
    words,
    unigramLogProb,
    unigramBackoff,
    bigramWords,
    bigramLogProb,
    bigramBackoff,
    trigramWords: new Uint32Array(0),
    trigramLogProb: new Float64Array(0),
  };
  const lower = new BackoffModel(partial);
  const trigramWords = new Uint32Array(trigramEntries.length * 3);
  const trigramLogProb = new Float64Array(trigramEntries.length);
  trigramEntries.forEach(({ words: [first = 0, second = 0, third = 0], count }, index) => {
    const history = bigramHistories.get(`${first} ${second}`) ?? { count: 0, types: 0 };
    trigramWords.set([first, second, third], 3 * index);
    trigramLogProb[index] = Math.log10((count + history.types * 10 ** lower.logProb(third, second)) / (history.count + history.types));
  });
  return { ...partial, trigramWords, trigramLogProb };
}

function sortedEntries(counts: Map<string, number>, length: number): Array<{ words: number[]; count: number }> {
  const entries = [...counts].map(([key, count]) => ({ words: key.split(' ').map(Number), count }));
  return entries.sort((left, right) => {
    for (let position = 0; position < length; position++) {
      const order = (left.words[position] ?? 0) - (right.words[position] ?? 0);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/**
 * λ·P_domain + (1 − λ)·P_general as one back-off model (static interpolation, as SRILM's -mix-lm):
 * the n-grams of either model, each with the mixed probability (both models backing off as they
 * would), and back-off weights recomputed so every history's distribution sums to one:
 * bo(h) = (1 − Σ_seen P(w | h)) / (1 − Σ_seen P(w | h')). Words only the domain model knows are
 * added to the vocabulary (the caller makes sure the dictionary can say them).
 */
export function interpolateModels(general: BackoffModel, domain: BackoffModel, domainWeight: number): NgramModel {
  const generalWords = general.model.words;
  const extraWords = domain.model.words.filter((word) => general.wordId(word) < 0);
  const words = [...generalWords, ...extraWords];
  const toGeneral = (id: number) => (id < generalWords.length ? id : -1);
  const toDomain = Int32Array.from(words, (word) => domain.wordId(word));
  const fromDomain = Uint32Array.from(domain.model.words, (word) => {
    const id = general.wordId(word);
    return id >= 0 ? id : generalWords.length + extraWords.indexOf(word);
  });
  const mix = (domainLogProb: number, generalLogProb: number) => {
    const probability = domainWeight * 10 ** domainLogProb + (1 - domainWeight) * 10 ** generalLogProb;
    return probability > 0 ? Math.log10(probability) : NEVER;
  };
  const start = general.wordId(SENTENCE_START);

  const unigramLogProb = new Float64Array(words.length);
  for (let word = 0; word < words.length; word++) {
    unigramLogProb[word] = word === start ? NEVER : mix(domain.logProb(toDomain[word] ?? -1), general.logProb(toGeneral(word)));
  }

  // The union of both models' bigrams and trigrams, in the mixed vocabulary's ids, sorted.
  const bigramKeys = new Set<number>();
  const vocabulary = words.length;
  for (let index = 0; index < general.model.bigramLogProb.length; index++) {
    bigramKeys.add((general.model.bigramWords[2 * index] ?? 0) * vocabulary + (general.model.bigramWords[2 * index + 1] ?? 0));
  }
  for (let index = 0; index < domain.model.bigramLogProb.length; index++) {
    bigramKeys.add((fromDomain[domain.model.bigramWords[2 * index] ?? 0] ?? 0) * vocabulary + (fromDomain[domain.model.bigramWords[2 * index + 1] ?? 0] ?? 0));
  }
  const sortedBigramKeys = Float64Array.from(bigramKeys).sort();
  bigramKeys.clear();
  const bigramWords = new Uint32Array(sortedBigramKeys.length * 2);
  sortedBigramKeys.forEach((key, index) => {
    bigramWords[2 * index] = Math.floor(key / vocabulary);
    bigramWords[2 * index + 1] = key % vocabulary;
  });
  const trigramKeys: number[] = [];
  const square = vocabulary * vocabulary;
  for (let index = 0; index < general.model.trigramLogProb.length; index++) {
    const [first = 0, second = 0, third = 0] = general.model.trigramWords.subarray(3 * index, 3 * index + 3);
    trigramKeys.push(first * square + second * vocabulary + third);
  }
  for (let index = 0; index < domain.model.trigramLogProb.length; index++) {
    const [first = 0, second = 0, third = 0] = Array.from(domain.model.trigramWords.subarray(3 * index, 3 * index + 3), (id) => fromDomain[id] ?? 0);
    trigramKeys.push(first * square + second * vocabulary + third);
  }
  const sortedTrigramKeys = Float64Array.from(new Set(trigramKeys)).sort();
  trigramKeys.length = 0;
  const trigramWords = new Uint32Array(sortedTrigramKeys.length * 3);
  sortedTrigramKeys.forEach((key, index) => {
    const first = Math.floor(key / square);
    const rest = key - first * square;
    trigramWords[3 * index] = first;
    trigramWords[3 * index + 1] = Math.floor(rest / vocabulary);
    trigramWords[3 * index + 2] = rest % vocabulary;
  });

  const mixed: NgramModel = {
    order: 3,
    words,
    unigramLogProb,
    unigramBackoff: new Float64Array(words.length),
    bigramWords,
    bigramLogProb: new Float64Array(sortedBigramKeys.length),
    bigramBackoff: new Float64Array(sortedBigramKeys.length),
    trigramWords,
    trigramLogProb: new Float64Array(sortedTrigramKeys.length),
  };
  for (let index = 0; index < mixed.bigramLogProb.length; index++) {
    const first = bigramWords[2 * index] ?? 0;
    const second = bigramWords[2 * index + 1] ?? 0;
    mixed.bigramLogProb[index] = mix(domain.logProb(toDomain[second] ?? -1, toDomain[first] ?? -1), general.logProb(toGeneral(second), toGeneral(first)));
  }
  for (let index = 0; index < mixed.trigramLogProb.length; index++) {
    const [first = 0, second = 0, third = 0] = trigramWords.subarray(3 * index, 3 * index + 3);
    mixed.trigramLogProb[index] = mix(
      domain.logProb(toDomain[third] ?? -1, toDomain[second] ?? -1, toDomain[first] ?? -1),
      general.logProb(toGeneral(third), toGeneral(second), toGeneral(first)),
    );
  }

  const lookups = new BackoffModel(mixed);
  // Unigram histories: their bigrams against the unigrams they back off to.
  for (let word = 0; word < words.length; word++) {
    const [from, to] = lookups.bigramRange(word);
    let seen = 0;
    let lower = 0;
    for (let index = from; index < to; index++) {
      seen += 10 ** (mixed.bigramLogProb[index] ?? NEVER);
      lower += 10 ** (unigramLogProb[bigramWords[2 * index + 1] ?? 0] ?? NEVER);
    }
    mixed.unigramBackoff[word] = from === to ? 0 : backoffWeight(seen, lower);
  }
  // Bigram histories: their trigrams against the bigram probabilities they back off to.
  for (let bigram = 0; bigram < mixed.bigramLogProb.length; bigram++) {
    const [from, to] = lookups.trigramRange(bigram);
    if (from === to) continue;
    const second = bigramWords[2 * bigram + 1] ?? 0;
    let seen = 0;
    let lower = 0;
    for (let index = from; index < to; index++) {
      seen += 10 ** (mixed.trigramLogProb[index] ?? NEVER);
      lower += 10 ** lookups.logProb(trigramWords[3 * index + 2] ?? 0, second);
    }
    mixed.bigramBackoff[bigram] = backoffWeight(seen, lower);
  }
  return mixed;
}

/** log10 of the mass left to unseen words over the mass they have one order down (never below a floor). */
function backoffWeight(seenMass: number, lowerSeenMass: number): number {
  const FLOOR = 1e-9;
  return Math.log10(Math.max(FLOOR, 1 - seenMass) / Math.max(FLOOR, 1 - lowerSeenMass));
}

/** The model as ARPA text, chunk by chunk (a large model does not fit one string). */
export function* arpaChunks(model: NgramModel): Generator<string> {
  const { words } = model;
  const format = (value: number) => (value <= NEVER ? '-99' : value.toFixed(4));
  yield `\\data\\\nngram 1=${words.length}\nngram 2=${model.bigramLogProb.length}\nngram 3=${model.trigramLogProb.length}\n\n\\1-grams:\n`;
  let lines: string[] = [];
  const flush = function* () {
    if (lines.length > 0) yield `${lines.join('\n')}\n`;
    lines = [];
  };
  for (let word = 0; word < words.length; word++) {
    lines.push(`${format(model.unigramLogProb[word] ?? NEVER)}\t${words[word]}\t${format(model.unigramBackoff[word] ?? 0)}`);
  }
  yield* flush();
  yield '\n\\2-grams:\n';
  for (let index = 0; index < model.bigramLogProb.length; index++) {
    lines.push(`${format(model.bigramLogProb[index] ?? NEVER)}\t${words[model.bigramWords[2 * index] ?? 0]} ${words[model.bigramWords[2 * index + 1] ?? 0]}\t${format(model.bigramBackoff[index] ?? 0)}`);
    if (lines.length === 100_000) yield* flush();
  }
  yield* flush();
  yield '\n\\3-grams:\n';
  for (let index = 0; index < model.trigramLogProb.length; index++) {
    const [first = 0, second = 0, third = 0] = model.trigramWords.subarray(3 * index, 3 * index + 3);
    lines.push(`${format(model.trigramLogProb[index] ?? NEVER)}\t${words[first]} ${words[second]} ${words[third]}`);
    if (lines.length === 100_000) yield* flush();
  }
  yield* flush();
  yield '\n\\end\\\n';
}
