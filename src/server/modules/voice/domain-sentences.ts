import { readdirSync, readFileSync } from 'node:fs';
import { resourceCategories } from '../../../shared/resource-directory.ts';
import { CITIES, COUNTY_CENTRES, NEIGHBORHOODS, ZIP_CODES } from '../directory/gazetteer-data.ts';

/**
 * What callers say to Ellis, as text for the offline recogniser's domain language model (issue 16
 * point 3): the assistant's own vocabulary — its how-to guides, the user turns of its scenario
 * suite, the directory's categories and their keywords, Bay Area places from the gazetteer, numbers
 * said digit by digit (ZIP codes, phone numbers, 211), and the short answers a call is made of.
 * Deterministic: the same repository gives the same sentences, so the model builds reproducibly.
 */
const GUIDES_DIR = new URL('../../assistant/guides/', import.meta.url);
const SCENARIOS_FILE = new URL('../../assistant/scenarios/scenarios.json', import.meta.url);

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/**
 * Needs as people say them, and the short turns of a phone call (answers, "repeat", "a person").
 * The sentences bench/voice/speech-recognition.ts is scored on are deliberately not here.
 */
const SPOKEN_NEEDS = [
  'i need food',
  'i need a place to stay',
  'i need a bed tonight',
  'i need somewhere to stay tonight',
  'i have nowhere to sleep',
  'i am homeless',
  "i'm homeless and i need help",
  'where can i eat today',
  'where can i get food today',
  'is there a food bank near me',
  'i need groceries for my family',
  'how do i apply for food stamps',
  'how do i apply for calfresh',
  'i need help paying my rent',
  'i got an eviction notice',
  'my landlord is evicting me',
  'i need a shelter for me and my kids',
  'we need a family shelter',
  'i need to see a doctor',
  'i need a clinic',
  'i need health insurance',
  'i need medi-cal',
  'i need a job',
  'i lost my job',
  'i need help finding work',
  'i need a lawyer',
  'i need legal help',
  'i lost my id',
  'how do i replace my id',
  'i need a phone',
  'i need someone to talk to',
  'i need help',
  'can you help me',
  'what can you do',
  'what is open now',
  'what is open tonight',
  'is it open now',
  'how do i get there',
  'what is the address',
  'what is the phone number',
  'yes',
  'no',
  'yes please',
  'no thank you',
  'thank you',
  'thanks',
  'okay',
  'goodbye',
  'repeat that',
  'can you repeat that',
  'say that again',
  'please repeat',
  'next',
  'next one',
  'what else',
  'i want to talk to a person',
  'a person please',
  'can i talk to a real person',
  'call two one one',
];

/** Lowercase words the dictionary spells: hyphens and slashes split words, digits are read one by one. */
export function spokenWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(\d)/g, ' $1 ')
    .replace(/[-/&]/g, ' ')
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '')
    .map((word) => (/^\d$/.test(word) ? (DIGIT_WORDS[Number(word)] ?? word) : word));
}

/** Text into sentences (a line, or a sentence of a paragraph), each as its spoken words. */
function sentencesOf(text: string): string[][] {
  return text
    .split(/(?<=[.!?;:])\s+|\n+|,\s+(?=but |so |and )/)
    .map(spokenWords)
    .filter((words) => words.length > 0);
}

interface GuideFile {
  title: string;
  triggers: string[];
  intro: string;
  steps: string[];
  bring: string[];
  where: string[];
}

function guideSentences(): string[][] {
  const files = readdirSync(GUIDES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.flatMap((name) => {
    const guide = JSON.parse(readFileSync(new URL(name, GUIDES_DIR), 'utf8')) as GuideFile;
    const texts = [guide.title, guide.intro, ...guide.steps, ...guide.bring, ...guide.where];
    const triggers = guide.triggers.flatMap((trigger) => [trigger, `i need ${trigger}`, `how do i get ${trigger}`]);
    return [...texts.flatMap(sentencesOf), ...triggers.map(spokenWords)];
  });
}

function scenarioSentences(): string[][] {
  const suite = JSON.parse(readFileSync(SCENARIOS_FILE, 'utf8')) as { scenarios: Array<{ turns: string[] }> };
  return suite.scenarios.flatMap((scenario) => scenario.turns.flatMap(sentencesOf));
}

function directorySentences(): string[][] {
  return resourceCategories.flatMap((category) => [
    spokenWords(category.name),
    ...category.keywords.flatMap((keyword) => [`${keyword}`, `i need ${keyword}`, `help with ${keyword}`, `where can i find ${keyword}`].map(spokenWords)),
  ]);
}

function placeSentences(): string[][] {
  const places = [
    ...Object.keys(COUNTY_CENTRES).flatMap((county) => [county, `${county} county`]),
    ...CITIES.flatMap(([name, , , , ...aliases]) => [name, ...aliases]),
    ...Object.entries(NEIGHBORHOODS).flatMap(([city, rows]) => rows.flatMap(([name, , , , ...aliases]) => [name, `${name} in ${city}`, ...aliases])),
  ];
  const templates = ['{}', "i'm in {}", 'i live in {}', 'in {}', 'near {}', 'i need food in {}', 'i need a place to sleep in {}', 'is there a shelter in {}'];
  return [...new Set(places)].flatMap((place, index) => {
    // Every place alone and in two of the templates, in turn, so no template outweighs the places.
    const chosen = [templates[0] ?? '{}', templates[1 + (index % (templates.length - 1))] ?? '{}', templates[1 + ((index + 3) % (templates.length - 1))] ?? '{}'];
    return chosen.map((template) => spokenWords(template.replace('{}', place)));
  });
}

function numberSentences(): string[][] {
  const zips = ZIP_CODES.flatMap(([zip]) => [spokenWords(zip), spokenWords(`my zip code is ${zip}`)]);
  // Phone numbers are said in groups; every digit follows every other one somewhere.
  const digitPairs = DIGIT_WORDS.flatMap((first, index) =>
    DIGIT_WORDS.map((second, other) => [first, second, DIGIT_WORDS[(index + other) % 10] ?? 'zero']),
  ).map((group) => ['my', 'number', 'is', ...group, ...group.slice().reverse()]);
  const ages = Array.from({ length: 8 }, (_, index) => spokenWords(`i am ${['eighteen', 'twenty', 'twenty five', 'thirty', 'forty', 'fifty', 'sixty', 'seventy'][index]} years old`));
  const counts = ['one', 'two', 'three', 'four', 'five'].map((count) => spokenWords(`i have ${count} kids`));
  return [...zips, ...digitPairs, ...ages, ...counts, spokenWords('two one one'), spokenWords('nine one one'), spokenWords('nine eight eight')];
}

/** Every domain sentence, as word lists, in a fixed order. */
export function domainSentences(): string[][] {
  return [...SPOKEN_NEEDS.map(spokenWords), ...guideSentences(), ...scenarioSentences(), ...directorySentences(), ...placeSentences(), ...numberSentences()];
}
