import { describe, expect, it } from 'vitest';
import { mayHaveSession } from './session-hint.ts';

describe('mayHaveSession', () => {
  it('is true only when the hint cookie is there with its value', () => {
    expect(mayHaveSession('ellis_signed_in=1')).toBe(true);
    expect(mayHaveSession('theme=dark; ellis_signed_in=1; other=2')).toBe(true);
    expect(mayHaveSession('')).toBe(false);
    expect(mayHaveSession('ellis_signed_in=0')).toBe(false);
    expect(mayHaveSession('not_ellis_signed_in=1')).toBe(false);
  });
});
