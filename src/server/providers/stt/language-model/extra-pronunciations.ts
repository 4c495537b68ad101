/**
 * Words callers use that cmudict-en-us lacks, each said as cmudict words said one after another
 * (compounds of two dictionary words, a homophone, or letters spelled out), so the pronunciation is
 * the dictionary's own and can be checked by reading it. Only words whose spoken form is certain are
 * here: names whose stress or vowels a rule cannot know (Potrero, Pinole, Benicia …) are left out, and
 * the domain text is cut where they occur (build-language-model prints them).
 */
export const SPOKEN_AS: Readonly<Record<string, readonly string[]>> = {
  // Compounds: the two words said together.
  bayview: ['bay', 'view'],
  calfresh: ['cal', 'fresh'],
  dogpatch: ['dog', 'patch'],
  eastside: ['east', 'side'],
  edenvale: ['eden', 'vale'],
  fruitvale: ['fruit', 'vale'],
  japantown: ['japan', 'town'],
  millbrae: ['mill', 'brae'],
  rockridge: ['rock', 'ridge'],
  // Said like a dictionary word spelled otherwise.
  nob: ['knob'],
  wic: ['wick'],
  // Initials, said letter by letter.
  dmv: ['d', 'm', 'v'],
  ebt: ['e', 'b', 't'],
  edd: ['e', 'd', 'd'],
  sf: ['s', 'f'],
  sj: ['s', 'j'],
  ssdi: ['s', 's', 'd', 'i'],
  ssf: ['s', 's', 'f'],
  ssi: ['s', 's', 'i'],
};

/** The letter "a" said as a letter is the dictionary's second entry (EY), not the article (AH). */
const LETTER_ENTRY: Readonly<Record<string, string>> = { a: 'a(2)' };

/**
 * Dictionary lines (`word PH ON ES`) for SPOKEN_AS, from the dictionary's own entries; throws if a
 * part is missing, so a changed dictionary cannot silently give a word no sound.
 */
export function extraPronunciationLines(dictionaryText: string, spokenAs: Readonly<Record<string, readonly string[]>> = SPOKEN_AS): string[] {
  const entries = new Map<string, string>();
  for (const line of dictionaryText.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0 && !entries.has(line.slice(0, space))) entries.set(line.slice(0, space), line.slice(space + 1).trim());
  }
  return Object.entries(spokenAs)
    .filter(([word]) => !entries.has(word))
    .map(([word, parts]) => {
      const phones = parts.map((part) => {
        const key = parts.every((each) => each.length === 1) ? (LETTER_ENTRY[part] ?? part) : part;
        const pronunciation = entries.get(key);
        if (pronunciation === undefined) throw new Error(`the dictionary has no "${key}" to say "${word}" with`);
        return pronunciation;
      });
      return `${word} ${phones.join(' ')}`;
    });
}
