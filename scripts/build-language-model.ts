/**
 * Builds the offline recogniser's language model (decision 088): a Witten-Bell
 * trigram model of what callers say to Ellis (src/server/modules/voice/domain-sentences.ts),
 * interpolated with pocketsphinx's general en-us model, written in sphinxbase's binary format to
 * data/voice/ellis-en-us.lm.bin, with the dictionary it needs (cmudict-en-us and the words of
extra-pronunciations.ts) in data/voice/ellis-en-us.dict, where the voice providers find them. Deterministic: the same repository and
 * general model give the same bytes (the SHA-256 is printed). Prints one JSON object.
 * Usage: npm run build:voice-lm [-- --domain-weight 0.5] [-- --output path] [-- --dictionary path]
 *   [-- --arpa path]  also writes the model as ARPA text (≈ 100 MB), to read or to load elsewhere
 *   [-- --if-stale]   skips the build when the outputs exist and were made from the same sentences,
 *                     weight and general model (`npm run build` runs it this way, so `npm start` and
 *                     the tests use the domain model without paying for a rebuild each time)
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { domainSentences } from '../src/server/modules/voice/domain-sentences.ts';
import {
  buildDomainLanguageModel,
  DEFAULT_DOMAIN_WEIGHT,
  DOMAIN_DICTIONARY_PATH,
  DOMAIN_LANGUAGE_MODEL_PATH,
} from '../src/server/providers/stt/language-model/domain-language-model.ts';
import { arpaChunks } from '../src/server/providers/stt/language-model/ngram-model.ts';
import { isSphinxInstalled, SPHINX_DEFAULTS } from '../src/server/providers/stt/sphinx-stt.ts';

const { values } = parseArgs({
  options: {
    'domain-weight': { type: 'string', default: String(DEFAULT_DOMAIN_WEIGHT) },
    output: { type: 'string', default: DOMAIN_LANGUAGE_MODEL_PATH },
    dictionary: { type: 'string', default: DOMAIN_DICTIONARY_PATH },
    arpa: { type: 'string' },
    'if-stale': { type: 'boolean', default: false },
  },
});
if (!isSphinxInstalled()) {
  console.log(JSON.stringify({ script: 'build-language-model', skipped: 'pocketsphinx is not installed (apt-get install -y pocketsphinx pocketsphinx-en-us)' }));
  process.exit(0);
}
const domainWeight = Number(values['domain-weight']);
if (!(domainWeight >= 0 && domainWeight < 1)) throw new Error('--domain-weight must be at least 0 and below 1');

const generalModelPath = join(SPHINX_DEFAULTS.modelDir, 'en-us.lm.bin');
const dictionaryPath = join(SPHINX_DEFAULTS.modelDir, 'cmudict-en-us.dict');
const sentences = domainSentences();
// What the model is made from; the same recipe gives the same bytes, so a build can be skipped.
const recipe = createHash('sha256')
  .update(JSON.stringify({ sentences, domainWeight, general: statSync(generalModelPath).size, dictionary: statSync(dictionaryPath).size }))
  .update(
    ['extra-pronunciations.ts', 'ngram-model.ts', 'sphinx-trie-model.ts', 'domain-language-model.ts']
      .map((file) => readFileSync(new URL(`../src/server/providers/stt/language-model/${file}`, import.meta.url), 'utf8'))
      .join('\n'),
  )
  .digest('hex');
const recipePath = `${values.output}.recipe`;
if (values['if-stale'] && existsSync(values.output) && existsSync(values.dictionary) && existsSync(recipePath) && readFileSync(recipePath, 'utf8') === recipe) {
  console.log(JSON.stringify({ script: 'build-language-model', skipped: 'up to date', output: values.output }));
  process.exit(0);
}

const started = performance.now();
const build = buildDomainLanguageModel({ generalModelPath, dictionaryPath, sentences, domainWeight });
mkdirSync(dirname(values.output), { recursive: true });
writeFileSync(values.output, build.bytes);
mkdirSync(dirname(values.dictionary), { recursive: true });
writeFileSync(values.dictionary, build.dictionary);
writeFileSync(recipePath, recipe);
if (values.arpa) {
  const file = openSync(values.arpa, 'w');
  for (const chunk of arpaChunks(build.model)) writeSync(file, chunk);
  closeSync(file);
}
console.log(
  JSON.stringify({
    script: 'build-language-model',
    output: values.output,
    bytes: build.bytes.length,
    sha256: createHash('sha256').update(build.bytes).digest('hex'),
    dictionary: values.dictionary,
    wordsAddedToDictionary: build.addedWords,
    domainWeight,
    domainSentences: build.sentences,
    domainWords: build.domainWords,
    ngrams: build.counts,
    wordsNotInDictionary: build.unknownWords,
    ms: Math.round(performance.now() - started),
  }),
);
