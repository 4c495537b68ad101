import { describe, expect, it } from 'vitest';
import {
  formMessages,
  passwordChecklist,
  passwordErrors,
  syntheticEmail,
  usernameChecklist,
  usernameErrors,
  usernameFromSyntheticEmail,
} from './account-rules.ts';

describe('username rules (SPEC §5)', () => {
  it.each([
    ['ab', ['Username must be at least 3 characters long']],
    ['', ['Username must be at least 3 characters long']],
    ['a'.repeat(21), ['Username must be no more than 20 characters long']],
    ['sam smith', ['Username can only contain letters, numbers, and underscores']],
    ['a!', ['Username must be at least 3 characters long', 'Username can only contain letters, numbers, and underscores']],
    ['Sam_2026', []],
    ['abc', []],
    ['a'.repeat(20), []],
  ])('%j → %j', (username, expected) => {
    expect(usernameErrors(username)).toEqual(expected);
  });

  it('drives the checklist', () => {
    expect(usernameChecklist('ab')).toEqual({ length: false, characters: true });
    expect(usernameChecklist('sam-1')).toEqual({ length: true, characters: false });
    expect(usernameChecklist('sam_1')).toEqual({ length: true, characters: true });
  });

  it('has the exact form-level messages', () => {
    expect(formMessages).toEqual({
      fixUsername: 'Please fix username requirements',
      fixPassword: 'Please fix password requirements',
      usernameTaken: 'Username is already taken',
    });
  });
});

describe('password rules (SPEC §5)', () => {
  it('reports every failing rule with the exact messages', () => {
    expect(passwordErrors('abc')).toEqual([
      'Password must be at least 10 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
    expect(passwordErrors('ABCDEFGHIJ1')).toEqual(['Password must contain at least one lowercase letter']);
    expect(passwordErrors('Abcdefghi1')).toEqual([]);
  });

  it('drives the checklist', () => {
    expect(passwordChecklist('Abcdefghij')).toEqual({ length: true, uppercase: true, lowercase: true, number: false });
  });
});

describe('synthetic email', () => {
  it('is the lower-cased username plus the local suffix, and reverses', () => {
    expect(syntheticEmail('Sam_1')).toBe('sam_1@users.ellis.invalid');
    expect(usernameFromSyntheticEmail('sam_1@users.ellis.invalid')).toBe('sam_1');
    expect(usernameFromSyntheticEmail('sam@example.com')).toBeNull();
  });
});
