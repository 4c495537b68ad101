import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PasswordJob, PasswordJobResult } from './password-worker.ts';

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/**
 * argon2id on worker threads that run at a lower CPU priority than the event loop (DESIGN §9:
 * event-loop lag p99 ≤ 20 ms during 50 logins/s). @node-rs/argon2's async functions already hash
 * off the event loop, on libuv's pool, but at the same priority: with the cores full of hashing the
 * OS preempts the event loop, and lag p99 reached 28 ms (docs/performance.md). One pool per process,
 * one worker per core, started on first use; idle workers do not keep the process alive.
 */
export class PasswordPool {
  readonly #size: number;
  readonly #workers: Worker[] = [];
  readonly #idle: Worker[] = [];
  readonly #queue: { job: Omit<PasswordJob, 'id'>; pending: Pending }[] = [];
  readonly #running = new Map<Worker, { id: number; pending: Pending }>();
  #nextId = 1;

  constructor(size = availableParallelism()) {
    this.#size = Math.max(1, size);
  }

  run(job: Omit<PasswordJob, 'id'>): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, pending: { resolve, reject } });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const worker = this.#idle.pop() ?? (this.#workers.length < this.#size ? this.#start() : null);
      if (!worker) return;
      const next = this.#queue.shift() as { job: Omit<PasswordJob, 'id'>; pending: Pending };
      const id = this.#nextId++;
      this.#running.set(worker, { id, pending: next.pending });
      worker.ref();
      worker.postMessage({ ...next.job, id } satisfies PasswordJob);
    }
  }

  #start(): Worker {
    const worker = new Worker(new URL('./password-worker.ts', import.meta.url));
    this.#workers.push(worker);
    worker.on('message', (result: PasswordJobResult) => {
      const running = this.#running.get(worker);
      this.#running.delete(worker);
      worker.unref();
      this.#idle.push(worker);
      if (running?.id === result.id) running.pending.resolve(result.value);
      this.#dispatch();
    });
    worker.on('error', (error: Error) => this.#lose(worker, error));
    worker.on('exit', (code) => this.#lose(worker, new Error(`password worker exited with ${code}`)));
    return worker;
  }

  /** A dead worker fails its job and is replaced on the next dispatch. */
  #lose(worker: Worker, error: Error): void {
    const running = this.#running.get(worker);
    this.#running.delete(worker);
    this.#workers.splice(this.#workers.indexOf(worker), 1);
    const idleAt = this.#idle.indexOf(worker);
    if (idleAt >= 0) this.#idle.splice(idleAt, 1);
    running?.pending.reject(error);
    this.#dispatch();
  }
}

export const passwordPool = new PasswordPool();
