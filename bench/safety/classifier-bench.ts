/**
 * Learned safety classifier latency (issue 12: ≤ 5 ms p99 per message on one core): classifies every
 * corpus line (after a warm-up pass) and prints one JSON line with p50/p99/max ms per message over all
 * rounds, CPU-time p50/p99 per message, the p99 of the quietest round (on a shared machine, preemption lands in some rounds and not
 * others), the load average and the weights' size. Usage: node bench/safety/classifier-bench.ts [--rounds 3]
 */
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { classifyRisk, WEIGHTS_FILE } from '../../src/server/assistant/safety/classifier/classify.ts';
import { loadCorpus } from '../../src/server/assistant/safety/classifier/corpus.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const texts = loadCorpus().map((example) => example.text);
for (const text of texts) classifyRisk(text);

const quantile = (sorted: number[], q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(4));
const timings: number[] = [];
const roundP99s: number[] = [];
// CPU time per message as well: wall time on a loaded machine also counts the time others held the core.
const cpuTimings: number[] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  const roundTimings: number[] = [];
  for (const text of texts) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    classifyRisk(text);
    roundTimings.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimings.push((cpu.user + cpu.system) / 1000);
  }
  timings.push(...roundTimings);
  roundP99s.push(quantile(roundTimings.sort((a, b) => a - b), 0.99));
}
timings.sort((a, b) => a - b);
const at = (q: number) => quantile(timings, q);
console.log(
  JSON.stringify({
    bench: 'safety-classifier',
    messages: timings.length,
    p50_ms: at(0.5),
    p99_ms: at(0.99),
    max_ms: Number(timings[timings.length - 1]!.toFixed(4)),
    cpu_p50_ms: quantile(cpuTimings.sort((a, b) => a - b), 0.5),
    cpu_p99_ms: quantile(cpuTimings, 0.99),
    quietest_round_p99_ms: Math.min(...roundP99s),
    load_average_1m: Number(loadavg()[0]!.toFixed(2)),
    weights_bytes: statSync(WEIGHTS_FILE).size,
  }),
);
