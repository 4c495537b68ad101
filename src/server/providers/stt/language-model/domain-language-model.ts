import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extraPronunciationLines } from './extra-pronunciations.ts';
import { BackoffModel, buildWittenBellModel, interpolateModels } from './ngram-model.ts';
import { readSphinxTrieModel, writeSphinxTrieModel, type NgramModel } from './sphinx-trie-model.ts';

/** Where `npm run build:voice-lm` writes the interpolated model and where SphinxStt looks for it. */
export const DOMAIN_LANGUAGE_MODEL_PATH = fileURLToPath(new URL('../../../../../data/voice/ellis-en-us.lm.bin', import.meta.url));
/** cmudict-en-us with the words of extra-pronunciations.ts added, written beside the model. */
export const DOMAIN_DICTIONARY_PATH = fileURLToPath(new URL('../../../../../data/voice/ellis-en-us.dict', import.meta.url));

/**
 * The domain model's weight in the mixture, chosen on synthetic domain speech (never on the
 * real-speech evaluation set): see decision 088 and bench/voice/speech-recognition.ts --weights.
 */
export const DEFAULT_DOMAIN_WEIGHT = 0.5;

/** The built model and its dictionary when `npm run build:voice-lm` has run, else undefined (the general model). */
export function builtDomainLanguageModel(
  languageModel = DOMAIN_LANGUAGE_MODEL_PATH,
  dictionary = DOMAIN_DICTIONARY_PATH,
): { languageModel: string; dictionary: string } | undefined {
  return existsSync(languageModel) && existsSync(dictionary) ? { languageModel, dictionary } : undefined;
}

export interface DomainModelBuild {
  model: NgramModel;
  bytes: Uint8Array;
  /** The dictionary to decode with: the general one and the added words. */
  dictionary: string;
  addedWords: string[];
  /** Words of the domain text the dictionary cannot say (left out, the sentence cut there). */
  unknownWords: string[];
  sentences: number;
  domainWords: number;
  counts: { unigrams: number; bigrams: number; trigrams: number };
}

/** The words a pronunciation dictionary has (`word` and its variants `word(2)` …). */
export function dictionaryWords(dictionaryText: string): Set<string> {
  const words = new Set<string>();
  for (const line of dictionaryText.split('\n')) {
    const word = line.split(/\s/, 1)[0]?.replace(/\(\d+\)$/, '');
    if (word) words.add(word);
  }
  return words;
}

/** Sentences cut at words the dictionary lacks: the recogniser could not say them anyway. */
export function sayableSegments(sentences: string[][], dictionary: Set<string>): { segments: string[][]; unknownWords: string[] } {
  const segments: string[][] = [];
  const unknown = new Set<string>();
  for (const sentence of sentences) {
    let current: string[] = [];
    for (const word of sentence) {
      if (dictionary.has(word)) {
        current.push(word);
      } else {
        unknown.add(word);
        if (current.length > 0) segments.push(current);
        current = [];
      }
    }
    if (current.length > 0) segments.push(current);
  }
  return { segments, unknownWords: [...unknown].sort() };
}

/** The general model and a Witten-Bell model of the domain sentences, interpolated, in sphinxbase's binary format. */
export function buildDomainLanguageModel(options: {
  generalModelPath: string;
  dictionaryPath: string;
  sentences: string[][];
  domainWeight: number;
}): DomainModelBuild {
  const general = readFileSync(options.dictionaryPath, 'utf8');
  const added = extraPronunciationLines(general);
  const dictionary = `${general.endsWith('\n') ? general : `${general}\n`}${added.map((line) => `${line}\n`).join('')}`;
  const { segments, unknownWords } = sayableSegments(options.sentences, dictionaryWords(dictionary));
  const domain = new BackoffModel(buildWittenBellModel(segments));
  const generalModel = new BackoffModel(readSphinxTrieModel(readFileSync(options.generalModelPath)));
  const mixed = interpolateModels(generalModel, domain, options.domainWeight);
  return {
    model: mixed,
    bytes: writeSphinxTrieModel(mixed),
    dictionary,
    addedWords: added.map((line) => line.split(' ', 1)[0] ?? ''),
    unknownWords,
    sentences: segments.length,
    domainWords: segments.reduce((sum, segment) => sum + segment.length, 0),
    counts: { unigrams: mixed.words.length, bigrams: mixed.bigramLogProb.length, trigrams: mixed.trigramLogProb.length },
  };
}
