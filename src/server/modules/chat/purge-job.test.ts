import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { MemorySharedState } from '../../providers/shared-state/memory-shared-state.ts';
import { startChatPurgeJob } from './purge-job.ts';

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

describe('chat purge job', () => {
  it('runs once per interval across instances sharing one state, and again in the next interval', async () => {
    let now = 1_000_000;
    const state = new MemorySharedState(() => now);
    let runs = 0;
    const purge = async () => {
      runs += 1;
      return 0;
    };
    // Two instances start at once: one takes the interval's lock.
    const stops = [startChatPurgeJob({ purge, state, intervalMs: 600_000, logger: quiet }), startChatPurgeJob({ purge, state, intervalMs: 600_000, logger: quiet })];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(1);
    now += 600_000;
    const third = startChatPurgeJob({ purge, state, intervalMs: 600_000, logger: quiet });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(2);
    for (const stop of [...stops, third]) stop();
  });
});
