/**
 * Reads the binary n-gram model CMU Sphinx ships (`en-us.lm.bin`, sphinxbase's "Trie Language
 * Model" format, written by `sphinx_lm_convert`), so that a domain model can be interpolated with it:
 * Debian packages no sphinxbase tools that could turn it into ARPA text.
 *
 * Layout (little-endian, sphinxbase lm_trie.c / lm_trie_quant.c / bitarr.c):
 *   "Trie Language Model", order (u8), count per order (u32 each, including the "blank" n-grams
 *   sphinxbase inserts so that every n-gram's prefix exists), one unused i32, quantisation tables
 *   (per middle order: 2^16 probabilities then 2^16 back-off weights; then 2^16 probabilities of
 *   the longest order; f32), unigrams (count + 1 sentinel × {prob f32, backoff f32, next u32}),
 *   bit-packed middle orders ({word, back-off bin 16 bits, probability bin 16 bits, next}) and the
 *   longest order ({word, probability bin 16 bits}), then the word strings (i32 length, NUL-separated).
 * Weights are logarithms in base 1.0001 (sphinxbase's logmath); they are returned as log10.
 */
const HEADER = 'Trie Language Model';
const QUANT_BITS = 16;
const QUANT_TABLE_SIZE = 1 << QUANT_BITS;
const UNIGRAM_BYTES = 12;
/** log10 of sphinxbase's default logmath base. */
const LOG10_OF_BASE = Math.log10(1.0001);

/** A back-off n-gram model, up to trigrams, every weight a log10. Word ids index `words`. */
export interface NgramModel {
  order: number;
  words: string[];
  unigramLogProb: Float64Array;
  unigramBackoff: Float64Array;
  /** Bigrams sorted by (first word, second word): `bigramWords[2i]`, `bigramWords[2i+1]`. */
  bigramWords: Uint32Array;
  bigramLogProb: Float64Array;
  bigramBackoff: Float64Array;
  /** Trigrams sorted by (w1, w2, w3): `trigramWords[3i..3i+2]`. */
  trigramWords: Uint32Array;
  trigramLogProb: Float64Array;
}

/** Bits needed to store values up to `maxValue` (sphinxbase's bitarr_required_bits). */
export function requiredBits(maxValue: number): number {
  if (maxValue === 0) return 0;
  let bits = 1;
  for (let value = maxValue >>> 1; value > 0; value >>>= 1) bits += 1;
  return bits;
}

/** Reads up to 25 bits at a bit offset (little-endian), as bitarr_read_int25 does. */
function readBits(view: DataView, base: number, bitOffset: number, length: number): number {
  if (length === 0) return 0;
  const byte = base + Math.floor(bitOffset / 8);
  return (view.getUint32(byte, true) >>> (bitOffset % 8)) & ((2 ** length) - 1);
}

/** The size in bytes sphinxbase gives a bit-packed order (one extra entry, 8 bytes of slack). */
function packedSize(entries: number, totalBits: number): number {
  return Math.floor(((1 + entries) * totalBits + 7) / 8) + 8;
}

export function readSphinxTrieModel(bytes: Uint8Array): NgramModel {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = new TextDecoder().decode(bytes.subarray(0, HEADER.length));
  if (header !== HEADER) throw new Error('not a sphinxbase trie language model');
  let at = HEADER.length;
  const order = bytes[at] ?? 0;
  at += 1;
  if (order !== 3) throw new Error(`only trigram models are supported (this one is of order ${order})`);
  const counts: number[] = [];
  for (let index = 0; index < order; index++, at += 4) counts.push(view.getUint32(at, true));
  const [unigramCount = 0, bigramCount = 0, trigramCount = 0] = counts;
  at += 4; // an unused integer before the quantisation tables
  const readTable = (): Float32Array => {
    const table = new Float32Array(QUANT_TABLE_SIZE);
    for (let index = 0; index < QUANT_TABLE_SIZE; index++, at += 4) table[index] = view.getFloat32(at, true);
    return table;
  };
  const bigramProbBins = readTable();
  const bigramBackoffBins = readTable();
  const trigramProbBins = readTable();

  const unigramLogProb = new Float64Array(unigramCount);
  const unigramBackoff = new Float64Array(unigramCount);
  const unigramNext = new Uint32Array(unigramCount + 1);
  for (let word = 0; word <= unigramCount; word++, at += UNIGRAM_BYTES) {
    if (word < unigramCount) {
      unigramLogProb[word] = view.getFloat32(at, true) * LOG10_OF_BASE;
      unigramBackoff[word] = view.getFloat32(at + 4, true) * LOG10_OF_BASE;
    }
    unigramNext[word] = view.getUint32(at + 8, true);
  }

  const wordBits = requiredBits(unigramCount);
  const nextBits = requiredBits(trigramCount);
  const middleBits = wordBits + 2 * QUANT_BITS + nextBits;
  const middleStart = at;
  at += packedSize(bigramCount, middleBits);
  const longestBits = wordBits + QUANT_BITS;
  const longestStart = at;
  at += packedSize(trigramCount, longestBits);

  const stringBytes = view.getInt32(at, true);
  at += 4;
  const words = new TextDecoder().decode(bytes.subarray(at, at + stringBytes)).split('\0').slice(0, unigramCount);
  if (words.length !== unigramCount) throw new Error('word strings do not match the unigram count');

  // The trie is keyed by the last word first: a unigram's children are the words before it, a
  // bigram's children the words before that. The header's counts may exceed what the trie holds.
  const storedBigrams = unigramNext[unigramCount] ?? 0;
  const reversedBigramWords = new Uint32Array(storedBigrams * 2);
  const reversedBigramProb = new Float64Array(storedBigrams);
  const reversedBigramBackoff = new Float64Array(storedBigrams);
  for (let last = 0; last < unigramCount; last++) {
    for (let index = unigramNext[last] ?? 0; index < (unigramNext[last + 1] ?? 0); index++) {
      const offset = index * middleBits;
      reversedBigramWords[2 * index] = readBits(view, middleStart, offset, wordBits);
      reversedBigramWords[2 * index + 1] = last;
      reversedBigramBackoff[index] = (bigramBackoffBins[readBits(view, middleStart, offset + wordBits, QUANT_BITS)] ?? 0) * LOG10_OF_BASE;
      reversedBigramProb[index] = (bigramProbBins[readBits(view, middleStart, offset + wordBits + QUANT_BITS, QUANT_BITS)] ?? 0) * LOG10_OF_BASE;
    }
  }
  const bigramNext = new Uint32Array(storedBigrams + 1);
  for (let index = 0; index <= storedBigrams; index++) {
    bigramNext[index] = readBits(view, middleStart, index * middleBits + wordBits + 2 * QUANT_BITS, nextBits);
  }
  const storedTrigrams = bigramNext[storedBigrams] ?? 0;
  const reversedTrigramWords = new Uint32Array(storedTrigrams * 3);
  const reversedTrigramProb = new Float64Array(storedTrigrams);
  for (let bigram = 0; bigram < storedBigrams; bigram++) {
    for (let index = bigramNext[bigram] ?? 0; index < (bigramNext[bigram + 1] ?? 0); index++) {
      const offset = index * longestBits;
      reversedTrigramWords[3 * index] = readBits(view, longestStart, offset, wordBits);
      reversedTrigramWords[3 * index + 1] = reversedBigramWords[2 * bigram] ?? 0;
      reversedTrigramWords[3 * index + 2] = reversedBigramWords[2 * bigram + 1] ?? 0;
      reversedTrigramProb[index] = (trigramProbBins[readBits(view, longestStart, offset + wordBits, QUANT_BITS)] ?? 0) * LOG10_OF_BASE;
    }
  }
  const bigramOrder = sortedOrder(storedBigrams, (index) => (reversedBigramWords[2 * index] ?? 0) * unigramCount + (reversedBigramWords[2 * index + 1] ?? 0));
  const bigramWords = new Uint32Array(storedBigrams * 2);
  const bigramLogProb = new Float64Array(storedBigrams);
  const bigramBackoff = new Float64Array(storedBigrams);
  bigramOrder.forEach((from, to) => {
    bigramWords[2 * to] = reversedBigramWords[2 * from] ?? 0;
    bigramWords[2 * to + 1] = reversedBigramWords[2 * from + 1] ?? 0;
    bigramLogProb[to] = reversedBigramProb[from] ?? 0;
    bigramBackoff[to] = reversedBigramBackoff[from] ?? 0;
  });
  const trigramOrder = sortedOrder(
    storedTrigrams,
    (index) => ((reversedTrigramWords[3 * index] ?? 0) * unigramCount + (reversedTrigramWords[3 * index + 1] ?? 0)) * unigramCount + (reversedTrigramWords[3 * index + 2] ?? 0),
  );
  const trigramWords = new Uint32Array(storedTrigrams * 3);
  const trigramLogProb = new Float64Array(storedTrigrams);
  trigramOrder.forEach((from, to) => {
    trigramWords.set(reversedTrigramWords.subarray(3 * from, 3 * from + 3), 3 * to);
    trigramLogProb[to] = reversedTrigramProb[from] ?? 0;
  });
  return { order, words, unigramLogProb, unigramBackoff, bigramWords, bigramLogProb, bigramBackoff, trigramWords, trigramLogProb };
}

/** The indices 0…count-1 ordered by a numeric key (keys are exact integers below 2^53). */
function sortedOrder(count: number, key: (index: number) => number): Uint32Array {
  const keys = new Float64Array(count);
  for (let index = 0; index < count; index++) keys[index] = key(index);
  const order = new Uint32Array(count);
  for (let index = 0; index < count; index++) order[index] = index;
  return order.sort((left, right) => (keys[left] ?? 0) - (keys[right] ?? 0));
}

/**
 * The model in the same binary format, so pocketsphinx loads it as fast as its own (an ARPA file
 * of the same model takes it seconds to parse, on every decoder start). Probabilities and back-off
 * weights of bigrams and trigrams are quantised into 2^16 bins of equal population, as
 * `sphinx_lm_convert` does. Every trigram's last two words must be a bigram of the model.
 */
export function writeSphinxTrieModel(model: NgramModel): Uint8Array {
  if (model.order !== 3) throw new Error('only trigram models are supported');
  const unigramCount = model.words.length;
  const bigramCount = model.bigramLogProb.length;
  const trigramCount = model.trigramLogProb.length;
  const toBase = (log10: number) => Math.fround(log10 / LOG10_OF_BASE);

  // The trie is keyed by the last word first.
  const bigramOrder = sortedOrder(bigramCount, (index) => (model.bigramWords[2 * index + 1] ?? 0) * unigramCount + (model.bigramWords[2 * index] ?? 0));
  const trigramOrder = sortedOrder(
    trigramCount,
    (index) => ((model.trigramWords[3 * index + 2] ?? 0) * unigramCount + (model.trigramWords[3 * index + 1] ?? 0)) * unigramCount + (model.trigramWords[3 * index] ?? 0),
  );

  const bigramProbBins = equalPopulationBins(Float32Array.from(model.bigramLogProb, toBase));
  const bigramBackoffBins = equalPopulationBins(Float32Array.from(model.bigramBackoff, toBase));
  const trigramProbBins = equalPopulationBins(Float32Array.from(model.trigramLogProb, toBase));

  const wordBits = requiredBits(unigramCount);
  const nextBits = requiredBits(trigramCount);
  const middleBits = wordBits + 2 * QUANT_BITS + nextBits;
  const longestBits = wordBits + QUANT_BITS;
  const wordStrings = new TextEncoder().encode(model.words.map((word) => `${word}\0`).join(''));
  const middleSize = packedSize(bigramCount, middleBits);
  const longestSize = packedSize(trigramCount, longestBits);
  const total = HEADER.length + 1 + 12 + 4 + 3 * QUANT_TABLE_SIZE * 4 + (unigramCount + 1) * UNIGRAM_BYTES + middleSize + longestSize + 4 + wordStrings.length;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  let at = 0;
  bytes.set(new TextEncoder().encode(HEADER), at);
  at += HEADER.length;
  bytes[at] = 3;
  at += 1;
  for (const count of [unigramCount, bigramCount, trigramCount]) {
    view.setUint32(at, count, true);
    at += 4;
  }
  at += 4;
  for (const table of [bigramProbBins, bigramBackoffBins, trigramProbBins]) {
    for (const value of table) {
      view.setFloat32(at, value, true);
      at += 4;
    }
  }
  // Unigram w's bigrams (the words before it) start where the bigrams ending in a smaller id end.
  const unigramStart = at;
  let position = 0;
  for (let word = 0; word <= unigramCount; word++) {
    while (position < bigramCount && (model.bigramWords[2 * (bigramOrder[position] ?? 0) + 1] ?? 0) < word) position++;
    const offset = unigramStart + word * UNIGRAM_BYTES;
    if (word < unigramCount) {
      view.setFloat32(offset, toBase(model.unigramLogProb[word] ?? -99), true);
      view.setFloat32(offset + 4, toBase(model.unigramBackoff[word] ?? 0), true);
    }
    view.setUint32(offset + 8, position, true);
  }
  at += (unigramCount + 1) * UNIGRAM_BYTES;

  const middleStart = at;
  let trigramPosition = 0;
  for (let position = 0; position <= bigramCount; position++) {
    const offset = position * middleBits;
    const index = bigramOrder[position];
    if (index !== undefined) {
      const first = model.bigramWords[2 * index] ?? 0;
      const second = model.bigramWords[2 * index + 1] ?? 0;
      writeBits(bytes, middleStart, offset, wordBits, first);
      writeBits(bytes, middleStart, offset + wordBits, QUANT_BITS, encodeBin(bigramBackoffBins, toBase(model.bigramBackoff[index] ?? 0)));
      writeBits(bytes, middleStart, offset + wordBits + QUANT_BITS, QUANT_BITS, encodeBin(bigramProbBins, toBase(model.bigramLogProb[index] ?? -99)));
      // This bigram's trigrams (the words before it) follow those of the bigrams before it in trie order.
      if (trigramPosition < trigramCount && compareTrigramToBigram(model, trigramOrder[trigramPosition] ?? 0, second, first) < 0) {
        throw new Error('a trigram whose last two words are not a bigram of the model');
      }
      writeBits(bytes, middleStart, offset + wordBits + 2 * QUANT_BITS, nextBits, trigramPosition);
      while (trigramPosition < trigramCount && compareTrigramToBigram(model, trigramOrder[trigramPosition] ?? 0, second, first) === 0) trigramPosition++;
    } else {
      writeBits(bytes, middleStart, offset + wordBits + 2 * QUANT_BITS, nextBits, trigramPosition);
    }
  }
  if (trigramPosition !== trigramCount) throw new Error('a trigram whose last two words are not a bigram of the model');
  at += middleSize;

  const longestStart = at;
  trigramOrder.forEach((index, position) => {
    const offset = position * longestBits;
    writeBits(bytes, longestStart, offset, wordBits, model.trigramWords[3 * index] ?? 0);
    writeBits(bytes, longestStart, offset + wordBits, QUANT_BITS, encodeBin(trigramProbBins, toBase(model.trigramLogProb[index] ?? -99)));
  });
  at += longestSize;
  view.setInt32(at, wordStrings.length, true);
  at += 4;
  bytes.set(wordStrings, at);
  return bytes;
}

/** Trigram `trigram`'s last two words against bigram (second, first) in trie order (last word first). */
function compareTrigramToBigram(model: NgramModel, trigram: number, last: number, previous: number): number {
  return (model.trigramWords[3 * trigram + 2] ?? 0) - last || (model.trigramWords[3 * trigram + 1] ?? 0) - previous;
}

/** ORs up to 25 bits into place at a bit offset, little-endian (bitarr_write_int25). */
function writeBits(bytes: Uint8Array, base: number, bitOffset: number, length: number, value: number): void {
  if (length === 0) return;
  let byte = base + Math.floor(bitOffset / 8);
  let shifted = value * 2 ** (bitOffset % 8);
  while (shifted > 0) {
    bytes[byte] = (bytes[byte] ?? 0) | (shifted % 256);
    shifted = Math.floor(shifted / 256);
    byte += 1;
  }
}

/** 2^16 bin centres: the values sorted, cut into bins of equal population, each bin's mean (sphinxbase's make_bins). */
export function equalPopulationBins(values: Float32Array): Float32Array {
  const sorted = Float32Array.from(values).sort();
  const centres = new Float32Array(QUANT_TABLE_SIZE);
  let start = 0;
  for (let bin = 0; bin < QUANT_TABLE_SIZE; bin++) {
    const finish = Math.floor((sorted.length * (bin + 1)) / QUANT_TABLE_SIZE);
    if (finish === start) {
      centres[bin] = bin > 0 ? (centres[bin - 1] ?? 0) : -Infinity;
    } else {
      let sum = 0;
      for (let index = start; index < finish; index++) sum += sorted[index] ?? 0;
      centres[bin] = sum / (finish - start);
    }
    start = finish;
  }
  return centres;
}

/** The nearest bin to a value (sphinxbase's bins_encode). */
export function encodeBin(bins: Float32Array, value: number): number {
  let low = 0;
  let count = bins.length;
  while (count > 0) {
    const step = count >>> 1;
    if ((bins[low + step] ?? 0) < value) {
      low += step + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  if (low === 0) return 0;
  if (low === bins.length) return bins.length - 1;
  return low - (value - (bins[low - 1] ?? 0) < (bins[low] ?? 0) - value ? 1 : 0);
}
