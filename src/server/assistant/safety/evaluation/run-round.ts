/**
 * Prints the safety layer's score on a blind round as JSON:
 * `node src/server/assistant/safety/evaluation/run-round.ts round-1.json [--rules-only]`.
 * Used once per round before its misses are looked at (docs/safety.md records the numbers).
 */
import { readFileSync } from 'node:fs';
import { createSafetyLayer } from '../safety-layer.ts';
import { scoreRound, type Round } from './score-round.ts';

const [file, flag] = process.argv.slice(2);
if (!file) {
  console.error('usage: run-round.ts <round.json> [--rules-only]');
  process.exit(2);
}
const round = JSON.parse(readFileSync(new URL(file, new URL(`file://${process.cwd()}/`)), 'utf8')) as Round;
const layer = createSafetyLayer(flag === '--rules-only' ? { classify: null } : {});
console.log(JSON.stringify(scoreRound(round, layer), null, 1));
