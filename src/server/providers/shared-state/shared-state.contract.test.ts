import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemorySharedState } from './memory-shared-state.ts';
import { RedisSharedState } from './redis-shared-state.ts';
import type { SharedState } from './shared-state.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const adapters: Array<[string, () => SharedState]> = [
  ['memory', () => new MemorySharedState()],
  ['redis', () => new RedisSharedState(REDIS_URL, { keyPrefix: `ellis-test:${randomUUID()}:` })],
];

describe.each(adapters)('SharedState contract: %s', (_name, create) => {
  const state = create();
  afterAll(() => state.close());

  it('counts in a window that ends on time', async () => {
    expect(await state.read('a')).toEqual({ count: 0, resetInMs: 0 });
    expect((await state.increment('a', 300)).count).toBe(1);
    const second = await state.increment('a', 300);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(300);
    expect((await state.read('a')).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await state.read('a')).toEqual({ count: 0, resetInMs: 0 });
  });

  it('counts distinct members of a set', async () => {
    await state.addToSet('s', 'x', 10_000);
    await state.addToSet('s', 'x', 10_000);
    expect((await state.addToSet('s', 'y', 10_000)).count).toBe(2);
    expect((await state.setSize('s')).count).toBe(2);
    await state.delete('s');
    expect((await state.setSize('s')).count).toBe(0);
  });

  it('holds a marker for one holder until it lapses, saying how long is left', async () => {
    expect(await state.tryHold('job', 200)).toBe(0);
    const left = await state.tryHold('job', 200);
    expect(left).toBeGreaterThan(100);
    expect(left).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await state.tryHold('job', 200)).toBe(0);
  });

  it('keeps a value until it is taken once or lapses', async () => {
    await state.put('handoff', '{"kind":"988"}', 10_000);
    expect(await state.take('handoff')).toBe('{"kind":"988"}');
    expect(await state.take('handoff')).toBeNull();
    await state.put('answered', '1', 100);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await state.take('answered')).toBeNull();
  });

  it('hands out at most `max` slots and takes them back', async () => {
    expect(await state.acquireSlot('calls', 2)).toBe(true);
    expect(await state.acquireSlot('calls', 2)).toBe(true);
    expect(await state.acquireSlot('calls', 2)).toBe(false);
    await state.releaseSlot('calls');
    expect(await state.acquireSlot('calls', 2)).toBe(true);
  });
});

describe('RedisSharedState across instances', () => {
  const prefix = `ellis-test:${randomUUID()}:`;
  const first = new RedisSharedState(REDIS_URL, { keyPrefix: prefix });
  const second = new RedisSharedState(REDIS_URL, { keyPrefix: prefix });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('shares counters, locks and slots; a closed instance gives its slots back', async () => {
    await first.increment('shared', 10_000);
    expect((await second.increment('shared', 10_000)).count).toBe(2);
    await first.put('call', 'answered here', 10_000);
    expect(await second.take('call')).toBe('answered here');
    expect(await first.take('call')).toBeNull();
    expect(await first.tryHold('purge', 10_000)).toBe(0);
    expect(await second.tryHold('purge', 10_000)).toBeGreaterThan(0);
    expect(await first.acquireSlot('calls', 1)).toBe(true);
    expect(await second.acquireSlot('calls', 1)).toBe(false);
    await first.close();
    expect(await second.acquireSlot('calls', 1)).toBe(true);
  });
});
