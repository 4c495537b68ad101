// The voice benches report times to a tenth of a millisecond and medians by nearest rank.

/** The value at `fraction` (0.5 is the median) by nearest rank, rounded; null when there are none. */
export function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0);
}

/** Rounds to a tenth. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
