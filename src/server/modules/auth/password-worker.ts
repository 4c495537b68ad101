// Worker thread of the password hashing pool (password-pool.ts): argon2id and the strength
// estimate, synchronously, at a lower CPU priority than the event loop. Messages: PasswordJob in,
// PasswordJobResult out.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread, parentPort } from 'node:worker_threads';
import { hashSync, verifySync, type Algorithm } from '@node-rs/argon2';
import { isEasilyGuessed } from '../../providers/password-strength/password-strength.ts';

export interface PasswordJob {
  id: number;
  operation: 'hash' | 'verify' | 'guessable';
  password: string;
  /** guessable: words the password must not lean on (the username). */
  userInputs?: string[];
  /** verify: the stored hash. */
  hash?: string;
  options?: { memoryCost: number; timeCost: number; parallelism: number };
}

export interface PasswordJobResult {
  id: number;
  /**
   * hash: the new hash; verify: whether it matched (a malformed stored hash is a mismatch);
   * guessable: whether the password is too easily guessed.
   */
  value: string | boolean;
}

/** Algorithm.Argon2id; the package's enum is a const enum, which erasable TypeScript cannot read. */
const ARGON2ID = 2 as Algorithm;
/** 10 on Linux's -20…19 scale: when the cores are busy, the event loop's thread wins. */
export const HASHING_THREAD_NICENESS = 10;

/** This thread's id on Linux (/proc/thread-self → "<pid>/task/<tid>"), or null elsewhere. */
function linuxThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) ? tid : null;
  } catch {
    return null;
  }
}

// Only on a worker thread (importing this module for its types or constant must not lower the
// event loop's priority), and only this thread: on Linux a thread id passed to setpriority() names
// that one thread. Elsewhere hashing runs at normal priority, still off the event loop.
const threadId = isMainThread ? null : linuxThreadId();
if (threadId !== null) setPriority(threadId, HASHING_THREAD_NICENESS);

parentPort?.on('message', (job: PasswordJob) => {
  let value: string | boolean;
  if (job.operation === 'hash') {
    value = hashSync(job.password, { ...job.options, algorithm: ARGON2ID });
  } else if (job.operation === 'guessable') {
    value = isEasilyGuessed(job.password, job.userInputs ?? []);
  } else {
    try {
      value = verifySync(job.hash ?? '', job.password);
    } catch {
      value = false;
    }
  }
  const result: PasswordJobResult = { id: job.id, value };
  parentPort?.postMessage(result);
});
