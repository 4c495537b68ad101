/**
 * Learned safety classifier latency (issue 12: ≤ 5 ms p99 per message on one core): classifies every
 * corpus line (after a warm-up pass) and prints one JSON line with p50/p99/max ms per message and the
 * weights' size. Usage: node bench/safety/classifier-bench.ts [--rounds 3]
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classifyRisk, WEIGHTS_FILE } from '../../src/server/assistant/safety/classifier/classify.ts';
import { loadCorpus } from '../../src/server/assistant/safety/classifier/corpus.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const texts = loadCorpus().map((example) => example.text);
for (const text of texts) classifyRisk(text);

const timings: number[] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  for (const text of texts) {
    const started = performance.now();
    classifyRisk(text);
    timings.push(performance.now() - started);
  }
}
timings.sort((a, b) => a - b);
const at = (q: number) => Number(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(4));
console.log(
  JSON.stringify({
    bench: 'safety-classifier',
    messages: timings.length,
    p50_ms: at(0.5),
    p99_ms: at(0.99),
    max_ms: Number(timings[timings.length - 1]!.toFixed(4)),
    weights_bytes: statSync(WEIGHTS_FILE).size,
  }),
);
