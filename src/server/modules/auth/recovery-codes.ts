import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_GROUPS, RECOVERY_CODE_GROUP_LENGTH } from './constants.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A one-time recovery code such as `K7QXM-2PZ4D-VN3RA-H6TWE` (100 random bits). */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let group = 0; group < RECOVERY_CODE_GROUPS; group++) {
    let text = '';
    for (let index = 0; index < RECOVERY_CODE_GROUP_LENGTH; index++) text += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(text);
  }
  return groups.join('-');
}

/** Forgiving reading of a typed code: case, spaces and dashes do not matter; 0, 1 and 8 read as O, I and B. */
export function normalizeRecoveryCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/0/g, 'O')
    .replace(/1/g, 'I')
    .replace(/8/g, 'B');
}

/** SHA-256 is enough here: the code carries 100 random bits, so the hash cannot be reversed by guessing. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(`ellis-recovery:${normalizeRecoveryCode(code)}`).digest('hex');
}

export function recoveryCodeMatches(storedHash: string | null, input: string): boolean {
  const candidate = Buffer.from(hashRecoveryCode(input), 'hex');
  const stored = Buffer.from(storedHash ?? '0'.repeat(64), 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate) && storedHash !== null;
}
