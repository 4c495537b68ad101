/**
 * Features of one message for the learned safety classifier: hashed character n-grams (script-aware,
 * so Chinese needs no word segmentation) and word unigrams and bigrams, over text folded the way people
 * type on a phone (case, accents and Vietnamese tone marks dropped, repeated letters squeezed, digits
 * collapsed). Shared by training and inference so both see exactly the same features.
 */

export interface FeatureOptions {
  /** Character n-gram lengths, inclusive; [0, 0] turns character features off. */
  charGrams: readonly [number, number];
  words: boolean;
  wordBigrams: boolean;
}

export const DEFAULT_FEATURES: FeatureOptions = { charGrams: [1, 4], words: true, wordBigrams: true };

export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
// Letters only Vietnamese uses among our languages (breve, horn, d-stroke, and tone marks stacked on circumflexes).
const VIETNAMESE = /[ăắằẳẵặơớờởỡợưứừửữựđảẩẫậạẻẽẹếềểễệỉĩịỏỗộọủũụỳỷỹỵ]/;
const SPANISH = /[ñ¿¡]/;

/** Reused between calls (inference is synchronous), grown when a long message needs more room. */
let scratch = new Int32Array(4096);

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function hashString(seed: number, text: string): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** Lowercase, strip accents and tone marks, squeeze runs of 3+ letters to 2, digits to 0. */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[0-9]/g, '0')
    .replace(/(\p{L})\1{2,}/gu, '$1$1')
    .replace(/[’‘`´]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim();
}

/** Script cues of the raw text, kept apart from the folded text that loses them. */
function scriptCues(text: string): string[] {
  const lower = text.toLowerCase();
  const cues: string[] = [];
  if (CJK.test(lower)) cues.push('script:cjk');
  if (VIETNAMESE.test(lower)) cues.push('script:vi');
  if (SPANISH.test(lower)) cues.push('script:es');
  return cues;
}

/**
 * Separates a turn from the earlier user turns it answers (`turn␞earlier turns`): a later turn of a conversation is read
 * with them (decision 106). The earlier turns add their words only, under a seed of their own, so "im melting" after
 * "is there a cooling center open" is not the same input as "im melting" after "i took all my pills".
 */
const CONTEXT_SEPARATOR = '\u241e';

/** The classifier's input for a later turn: the turn, then the user turns before it (training and inference alike). */
export function withEarlierTurns(text: string, earlier: string): string {
  return `${text}${CONTEXT_SEPARATOR}${earlier}`;
}
/** How many user turns before a later turn are read with it (the safety layer's window less the turn itself). */
export const EARLIER_TURNS_READ = 2;

/** Hashed, L2-normalized feature vector; `buckets` must be a power of two. */
export function featurize(input: string, buckets: number, options: FeatureOptions = DEFAULT_FEATURES): SparseVector {
  const mask = buckets - 1;
  let count = 0;
  const cut = input.indexOf(CONTEXT_SEPARATOR);
  const text = cut < 0 ? input : input.slice(0, cut);
  const add = (hash: number) => {
    if (count === scratch.length) {
      const grown = new Int32Array(scratch.length * 2);
      grown.set(scratch);
      scratch = grown;
    }
    scratch[count++] = hash & mask;
  };

  for (const cue of scriptCues(text)) add(hashString(FNV_OFFSET, cue));

  const folded = foldText(text);
  const [minGram, maxGram] = options.charGrams;
  if (maxGram > 0) {
    const padded = ` ${folded} `;
    for (let start = 0; start < padded.length; start++) {
      // The seed differs from the word seeds, so a character gram never shares a hash with a word.
      let hash = FNV_OFFSET ^ 0x63;
      for (let length = 1; length <= maxGram && start + length <= padded.length; length++) {
        hash ^= padded.charCodeAt(start + length - 1);
        hash = Math.imul(hash, FNV_PRIME);
        if (length >= minGram && !(length === 1 && padded[start] === ' ')) add(Math.imul(hash ^ length, FNV_PRIME) >>> 0);
      }
    }
  }

  if (options.words || options.wordBigrams) {
    const words = folded.split(' ').filter((word) => word.length > 0);
    let previous = hashString(FNV_OFFSET ^ 0x77, '<s>');
    for (const word of words) {
      const hash = hashString(FNV_OFFSET ^ 0x77, word);
      if (options.words) add(hash);
      if (options.wordBigrams) add(Math.imul(previous ^ Math.imul(hash, 31), FNV_PRIME) >>> 0);
      previous = hash;
    }
    if (options.wordBigrams) add(Math.imul(previous ^ hashString(FNV_OFFSET ^ 0x77, '</s>'), FNV_PRIME) >>> 0);
  }

  if (cut >= 0) {
    add(hashString(FNV_OFFSET ^ 0x43, 'context:present'));
    for (const word of foldText(input.slice(cut + 1)).split(' ')) if (word.length > 0) add(hashString(FNV_OFFSET ^ 0x43, word));
  }

  // Sorting the buckets and counting runs is cheaper than a Map for a few hundred features.
  const sorted = scratch.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const indices = new Int32Array(distinct);
  const values = new Float32Array(distinct);
  let norm = 0;
  for (let i = 0, at = -1; i < count; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) indices[++at] = sorted[i]!;
    values[at]!++;
  }
  for (let j = 0; j < distinct; j++) {
    values[j] = Math.log1p(values[j]!);
    norm += values[j]! * values[j]!;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let j = 0; j < distinct; j++) values[j]! *= scale;
  return { indices, values };
}
