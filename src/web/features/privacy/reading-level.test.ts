import { describe, expect, it } from 'vitest';
import privacy from '../../i18n/en/privacy.json' with { type: 'json' };

/** Vowel groups, less a silent final "e": the usual estimate behind Flesch–Kincaid. */
function syllables(word: string): number {
  const clean = word.toLowerCase().replace(/[^a-z]/g, '');
  if (clean === '') return 0;
  if (clean.length <= 3) return 1;
  const groups = clean.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '').match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

/** Flesch–Kincaid grade level of a text (sentences end with . ! or ?). */
function gradeLevel(text: string): number {
  const sentences = text.split(/[.!?]+(?:\s|$)/).filter((sentence) => /[a-z]/i.test(sentence));
  const words = text.replace(/<[^>]+>/g, ' ').match(/[A-Za-z][A-Za-z'’-]*|\d+/g) ?? [];
  const syllableCount = words.reduce((sum, word) => sum + (/^\d+$/.test(word) ? 1 : syllables(word)), 0);
  return 0.39 * (words.length / sentences.length) + 11.8 * (syllableCount / words.length) - 15.59;
}

function sentencesOf(value: unknown): string[] {
  if (typeof value === 'string') return /[.!?]$/.test(value.trim()) ? [value] : [];
  if (value && typeof value === 'object') return Object.values(value).flatMap(sentencesOf);
  return [];
}

describe('the privacy page', () => {
  it('reads at grade 6 or below (Flesch–Kincaid)', () => {
    const text = sentencesOf(privacy.page).join(' ');
    const grade = gradeLevel(text);
    console.log(`privacy page: Flesch–Kincaid grade ${grade.toFixed(1)} over ${text.split(/\s+/).length} words`);
    expect(grade).toBeLessThanOrEqual(6);
    expect(gradeLevel('The cat sat on the mat. It was warm.')).toBeLessThan(2);
    expect(gradeLevel('Notwithstanding institutional considerations, comprehensive documentation necessitates administrative authorization.')).toBeGreaterThan(12);
  });

  it('says what is kept and for how long, as DESIGN §1 promises', () => {
    const text = JSON.stringify(privacy.page);
    expect(text).toContain('We delete them after 24 hours.');
    expect(text).toContain('We keep these until you delete your account.');
    expect(text).toContain('We never save the sound of your voice.');
    expect(text).toContain('These notes never have what you write or say, your password, or your codes.');
    // The two sign-in cookies (refresh token, signed-in hint) and the anonymous chat's sessionStorage.
    expect(text).toContain('we save two small files, called cookies, in your browser.');
    expect(text).toContain('A chat without an account is saved in this browser tab only.');
  });
});
