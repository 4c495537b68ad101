/**
 * Which of the safety layer's languages a message is written in, so the fixed replies answer in it.
 * Chinese by its script; Vietnamese by its letters or, unaccented, by its common words; Tagalog and
 * Spanish by common words; English when unsure (the site's first language).
 */
import type { SafetyLanguage } from './risk.ts';

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u;
/** Letters only Vietnamese uses among our languages (checked on the raw text, before accents go). */
const VIETNAMESE_LETTERS = /[ăâđêôơưĂÂĐÊÔƠƯ]|[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/u;

const WORDS: Record<'es' | 'tl' | 'vi' | 'en', ReadonlySet<string>> = {
  es: new Set('no yo quiero estoy mi me que de la el los las y tengo para por con una un muy mas pero ya se esta casa ayuda donde como hoy porque cuando nadie vivir morir'.split(' ')),
  tl: new Set('ako ko ng sa mga hindi ang siya niya ayoko gusto nang lang po na ito mo ka kami kayo sila talaga wala may naman pa rin din akin ikaw bakit paano kasi'.split(' ')),
  vi: new Set('toi khong muon cua la va nguoi minh ban em anh chi co duoc roi nay that lam gi den cho voi nhung khi'.split(' ')),
  en: new Set("i i'm im my me the a an and to want of is am are have it this that do don't can't in on for with help need what where how".split(' ')),
};

/** Written in Chinese characters (normalizeText keeps them, so raw or normalized text gives the same answer). */
export function writtenInChinese(text: string): boolean {
  return HAN.test(text);
}

/** The language of a message: `raw` as written, `normalized` from normalizeText. */
export function detectLanguage(raw: string, normalized: string): SafetyLanguage {
  if (writtenInChinese(raw)) return 'zh';
  if (VIETNAMESE_LETTERS.test(raw)) return 'vi';
  const counts = { es: 0, tl: 0, vi: 0, en: 0 };
  for (const word of normalized.split(/[^a-z']+/)) {
    for (const language of ['es', 'tl', 'vi', 'en'] as const) if (WORDS[language].has(word)) counts[language] += 1;
  }
  const best = (['es', 'tl', 'vi'] as const).reduce((top, language) => (counts[language] > counts[top] ? language : top), 'es' as 'es' | 'tl' | 'vi');
  return counts[best] > counts.en ? best : 'en';
}

/** Characters only Traditional Chinese (and written Cantonese) use, common in messages like these. */
const TRADITIONAL = /[們這個說會殺樓藥無沒麼裡過還對於應從為點嗎係佢唔咗冇嘅啲喺嚟乜攰覺費醫電話壓難開關學經際頭氣實體幫嘢]/u;

export function isTraditionalChinese(raw: string): boolean {
  return TRADITIONAL.test(raw);
}
