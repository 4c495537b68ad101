/**
 * Text normalising shared by the safety rules, grounding and the guide: the same message must be
 * read the same way by every part of the assistant.
 */

/**
 * Lower case, accents and curly quotes removed, "no one" joined so its "no" is not taken for a
 * negation, whitespace collapsed. Vietnamese "đ" becomes "d" so unaccented and accented writing meet.
 * Chinese characters pass through unchanged.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/đ/g, 'd')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[¿¡]/g, ' ')
    .replace(/\bno(?: |-)(?:one|body)\b/g, 'noone')
    .replace(/\s+/g, ' ')
    .trim();
}
