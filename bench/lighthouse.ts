// Lighthouse mobile scores and metrics (DESIGN §9: performance ≥ 95 on public pages; accessibility
// 100) for /, /about, /resources, /login and /chat, against the real server (production build,
// loopback). Lighthouse's default mobile config: Moto G Power emulation, simulated slow 4G and 4×
// CPU. The system Chromium is launched through chrome-launcher with DESIGN §11's flags; host
// resolution outside loopback fails, so nothing is fetched from the network. Each route is run
// several times; scores and metrics are medians. Prints one JSON object on its last line.
// Options: --runs N (default 3), --routes /,/about (default the five above), --save-reports DIR
// (each run's full Lighthouse JSON, to see which element shifted or what blocked).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findSystemChromium } from '../scripts/system-chromium.ts';
import { CHROMIUM_FLAGS } from './support/chromium.ts';
import { startBenchServer } from './support/server-process.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string', default: '/,/about,/resources,/login,/chat' },
    'save-reports': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const ROUTES = values.routes.split(',');
const PUBLIC_ROUTES = new Set(['/', '/about', '/resources']);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  firstContentfulPaintMs: 'first-contentful-paint',
  largestContentfulPaintMs: 'largest-contentful-paint',
  speedIndexMs: 'speed-index',
  totalBlockingTimeMs: 'total-blocking-time',
  cumulativeLayoutShift: 'cumulative-layout-shift',
} as const;

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

interface RunResult {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  failedAudits: string[];
  benchmarkIndex: number;
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): such a run is retried. */
async function audit(url: string, port: number, attempts = 3) {
  let lastError = '';
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (result && !result.lhr.runtimeError) return result.lhr;
    lastError = result?.lhr.runtimeError?.message ?? 'no result';
    console.error(`Lighthouse attempt ${attempt} on ${url} failed: ${lastError}`);
  }
  throw new Error(`Lighthouse failed on ${url} ${attempts} times: ${lastError}`);
}

const server = await startBenchServer();
const chrome = await launch({ chromePath: findSystemChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'error' });
try {
  const routes = [];
  for (const path of ROUTES) {
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const lhr = await audit(`${server.origin}${path}`, chrome.port);
      if (values['save-reports']) {
        mkdirSync(values['save-reports'], { recursive: true });
        writeFileSync(join(values['save-reports'], `${path.replace(/\W+/g, '_') || 'root'}-${run + 1}.json`), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, round((lhr.categories[id]?.score ?? 0) * 100)]));
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([name, audit]) => [name, lhr.audits[audit]?.numericValue ?? Number.NaN]),
      );
      // Audits that cost points outside performance, to act on without opening the report.
      const failedAudits = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id}`),
      );
      runs.push({ scores, metrics, failedAudits, benchmarkIndex: lhr.environment.benchmarkIndex });
    }
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id] ?? 0))]));
    const metrics = Object.fromEntries(
      Object.keys(METRICS).map((name) => [name, round(median(runs.map((run) => run.metrics[name] ?? Number.NaN)), name === 'cumulativeLayoutShift' ? 3 : 0)]),
    );
    const isPublic = PUBLIC_ROUTES.has(path);
    routes.push({
      path,
      public: isPublic,
      scores,
      metrics,
      performanceRuns: runs.map((run) => run.scores.performance),
      failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
      withinBudget: isPublic ? (scores.performance ?? 0) >= 95 && scores.accessibility === 100 : null,
      benchmarkIndexMedian: round(median(runs.map((run) => run.benchmarkIndex))),
    });
  }
  console.log(JSON.stringify({ name: 'lighthouse', formFactor: 'mobile', throttling: 'simulated (Lighthouse default)', runs: RUNS, routes }));
} finally {
  chrome.kill();
  await server.stop();
}
