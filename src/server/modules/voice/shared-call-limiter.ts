import type { ActiveCallLimiter } from './active-call-limiter.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';

/**
 * At most `max` calls open at once across every instance: the slots live in the shared state
 * (Redis when REDIS_URL is set, else this process). Same shape as the telephony ActiveCallLimiter
 * port, so the phone line counts against the same slots.
 */
export class SharedCallLimiter implements ActiveCallLimiter {
  readonly #state: SharedState;
  readonly #name: string;
  readonly #max: number;

  constructor(state: SharedState, name: string, max: number) {
    this.#state = state;
    this.#name = name;
    this.#max = max;
  }

  tryAcquire(): Promise<boolean> {
    return this.#state.acquireSlot(this.#name, this.#max);
  }

  release(): Promise<void> {
    return this.#state.releaseSlot(this.#name);
  }
}
