/**
 * The whole safety check per message (issue 12, DESIGN §9: ≤ 5 ms p99 on one core): rules,
 * classifier and the state step, as text chat runs it (state carried), over the labelled and
 * held-out messages; and a voice or test-chat turn that rebuilds the state from a 40-turn history
 * nobody has replayed yet (the worst case). Prints one JSON line.
 * Usage: node bench/safety/safety-layer-bench.ts [--rounds 3]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import examples from '../../src/server/assistant/crisis-examples.json' with { type: 'json' };
import holdout from '../../src/server/assistant/crisis-holdout.json' with { type: 'json' };
import type { AssistantTurn } from '../../src/server/assistant/assistant.ts';
import { INITIAL_RISK_STATE } from '../../src/server/assistant/safety/risk-state.ts';
import { createSafetyLayer } from '../../src/server/assistant/safety/safety-layer.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const texts: string[] = [examples.crisis, examples.notCrisis, holdout.crisis, holdout.notCrisis].flat();
const layer = createSafetyLayer();
// Warm-up: V8 compiles each regular expression to machine code after its first runs (a one-time cost per pattern per process).
for (let pass = 0; pass < 3; pass++) for (const text of texts) layer.assess({ history: [], userText: text, state: INITIAL_RISK_STATE });

function percentiles(timings: number[]) {
  timings.sort((a, b) => a - b);
  const at = (q: number) => Number(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(4));
  return { p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) };
}

/** CPU time (user + system) in ms: on a shared, loaded machine wall time also counts waiting for a core. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

const perMessage: number[] = [];
const perMessageCpu: number[] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  for (const text of texts) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    layer.assess({ history: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }], userText: text, state: INITIAL_RISK_STATE });
    perMessage.push(performance.now() - started);
    perMessageCpu.push(cpuMs(cpu));
  }
}

const rebuilds: number[] = [];
const rebuildsCpu: number[] = [];
for (let call = 0; call < 50; call++) {
  const history: AssistantTurn[] = [];
  for (let turn = 0; turn < 20; turn++) {
    history.push({ role: 'user', content: `${texts[(call * 20 + turn) % texts.length]} (${call})` }, { role: 'assistant', content: 'I hear you.' });
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  layer.assess({ history, userText: 'ok' });
  rebuilds.push(performance.now() - started);
  rebuildsCpu.push(cpuMs(cpu));
}

console.log(
  JSON.stringify({
    bench: 'safety-layer',
    messages: perMessage.length,
    per_message_wall: percentiles(perMessage),
    per_message_cpu: percentiles(perMessageCpu),
    rebuild_40_turns_wall: percentiles(rebuilds),
    rebuild_40_turns_cpu: percentiles(rebuildsCpu),
    load_average_1m: Number(loadavg()[0]!.toFixed(2)),
    budget_p99_ms: 5,
  }),
);
