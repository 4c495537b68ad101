/** Clocks tests move by hand, for code that takes `now` as a dependency. */

/** The default start: a fixed morning, so dates in assertions do not drift. */
const START_TIME = Date.parse('2026-11-22T10:00:00.000Z');

export interface FakeClock {
  now: () => number;
  advance(ms: number): void;
}

/** Real time plus whatever the test advanced it by (for clients that check expiry with Date.now). */
export function offsetClock(): FakeClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

export function fakeClock(start = START_TIME): FakeClock {
  let time = start;
  return {
    now: () => time,
    advance: (ms) => {
      time += ms;
    },
  };
}
