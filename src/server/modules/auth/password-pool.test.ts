import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PasswordPool } from './password-pool.ts';
import { HASHING_THREAD_NICENESS } from './password-worker.ts';
import { FAST_HASHING } from './testing/accounts-kit.ts';

/** Niceness of every thread of this process, from /proc/self/task/<tid>/stat (field 19). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

describe('PasswordPool', () => {
  it('hashes and verifies on its workers, several jobs at once', async () => {
    const pool = new PasswordPool(2);
    const hashes = await Promise.all(['one-Password-1', 'two-Password-2', 'three-Password-3'].map((password) => pool.run({ operation: 'hash', password, options: FAST_HASHING })));
    expect(hashes.every((hash) => typeof hash === 'string' && hash.startsWith('$argon2id$v=19$m=1024,t=1,p=1$'))).toBe(true);
    expect(await pool.run({ operation: 'verify', password: 'two-Password-2', hash: hashes[1] as string })).toBe(true);
    expect(await pool.run({ operation: 'verify', password: 'two-Password-2', hash: hashes[0] as string })).toBe(false);
    expect(await pool.run({ operation: 'verify', password: 'x', hash: 'not-a-hash' })).toBe(false);
  });

  it.skipIf(!existsSync('/proc/self/task'))('runs its workers below the event loop\'s CPU priority (Linux)', async () => {
    const before = threadNiceness().filter((nice) => nice === HASHING_THREAD_NICENESS).length;
    const pool = new PasswordPool(1);
    await pool.run({ operation: 'hash', password: 'Priority-Check-1', options: FAST_HASHING });
    expect(threadNiceness().filter((nice) => nice === HASHING_THREAD_NICENESS).length).toBe(before + 1);
    // The event loop's own thread (the process id) keeps its priority.
    const main = readFileSync('/proc/self/stat', 'utf8');
    expect(Number(main.slice(main.lastIndexOf(')') + 2).split(' ')[16])).not.toBe(HASHING_THREAD_NICENESS);
  });
});
