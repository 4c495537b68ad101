// `npm run bench`: builds the app, runs every benchmark, writes bench/results/report.json and prints
// a short table with DESIGN §9's budgets. Convention for every bench script (ours and those in
// bench/chat/, bench/voice/, bench/load/): run by `node <file>`, bounded in time, talks only to
// loopback, and prints ONE JSON object on the last line of stdout (anything before is free text).
// A missed budget is reported, not an error; the exit code is non-zero only when a bench crashed.
// Options: --quick (fewer runs, shorter windows), --only a,b (bench names), --no-build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, 'no-build': { type: 'boolean', default: false } },
});
const quick = values.quick;
const only = values.only ? new Set(values.only.split(',')) : null;
const RESULTS_DIR = resolve('bench/results');
const REPORT_FILE = join(RESULTS_DIR, 'report.json');
const SUB_BENCH_DIRS = ['bench/chat', 'bench/voice', 'bench/load', 'bench/directory'];
const BENCH_TIMEOUT_MS = 20 * 60_000;

interface Bench {
  name: string;
  file: string;
  args: string[];
}

interface BenchOutcome {
  name: string;
  file: string;
  ok: boolean;
  durationMs: number;
  problem: string | null;
  result: Record<string, unknown> | null;
}

const OWN_BENCHES: Bench[] = [
  { name: 'page-weight', file: 'bench/page-weight.ts', args: [] },
  { name: 'browser-pages', file: 'bench/browser-pages.ts', args: ['--runs', quick ? '1' : '3'] },
  { name: 'lighthouse', file: 'bench/lighthouse.ts', args: ['--runs', quick ? '1' : '3'] },
  { name: 'api-throughput', file: 'bench/api-throughput.ts', args: ['--duration-s', quick ? '3' : '10'] },
  { name: 'login-lag', file: 'bench/login-lag.ts', args: ['--duration-s', quick ? '5' : '10'] },
];

function subBenches(): Bench[] {
  return SUB_BENCH_DIRS.filter((dir) => existsSync(dir)).flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
      .sort()
      .map((file) => ({ name: `${relative('bench', dir)}/${file.slice(0, -'.ts'.length)}`, file: join(dir, file), args: [] })),
  );
}

function runProcess(command: string, args: string[], captureStdout: boolean): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', captureStdout ? 'pipe' : 'inherit', 'inherit'] });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), BENCH_TIMEOUT_MS);
    child.on('error', () => {
      clearTimeout(timer);
      done({ code: 127, stdout });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? 128 : 1), stdout });
    });
  });
}

async function runBench(bench: Bench): Promise<BenchOutcome> {
  console.error(`\n── ${bench.name} (node ${bench.file} ${bench.args.join(' ')})`);
  const startedAt = Date.now();
  const { code, stdout } = await runProcess(process.execPath, [bench.file, ...bench.args], true);
  const durationMs = Date.now() - startedAt;
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  let result: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(lastLine) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) result = parsed as Record<string, unknown>;
  } catch {
    result = null;
  }
  const problem = code !== 0 ? `exited with ${code}` : result === null ? 'its last line of output is not a JSON object' : null;
  if (problem) console.error(`${bench.name}: ${problem}`);
  return { name: bench.name, file: bench.file, ok: problem === null, durationMs, problem, result };
}

// ── Table ────────────────────────────────────────────────────────────────────────────────────────

type Row = (string | number)[];

function table(title: string, header: string[], rows: Row[]): string {
  if (rows.length === 0) return '';
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [`\n${title}`, line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.slice(1).map(line)].join('\n');
}

const kb = (bytes: unknown) => (typeof bytes === 'number' ? (bytes / 1000).toFixed(1) : '?');
const verdict = (ok: boolean | null | undefined) => (ok === true ? 'ok' : ok === false ? 'MISSED' : '-');

interface Budget {
  budget: string;
  measured: string;
  ok: boolean | null;
}

function summarize(outcomes: BenchOutcome[]): { text: string; budgets: Budget[] } {
  const byName = new Map(outcomes.map((outcome) => [outcome.name, outcome.result as Record<string, any> | null]));
  const parts: string[] = [];
  const budgets: Budget[] = [];

  const weight = byName.get('page-weight');
  if (weight) {
    const routes = weight.routes as Record<string, any>[];
    parts.push(
      table(
        'Page weight (production build; kB = 1000 B; gzip; lazy route chunks not included)',
        ['route', 'JS', 'CSS', 'HTML', 'first load', 'repeat visit', 'JS ≤ 100 kB'],
        routes.map((route) => [route.path, kb(route.jsGzipBytes), kb(route.cssGzipBytes), kb(route.htmlGzipBytes), kb(route.firstLoadGzipBytes), kb(route.repeatVisitGzipBytes), verdict(route.withinJsBudget)]),
      ),
    );
    for (const route of routes.filter((route) => route.public)) {
      budgets.push({ budget: `${route.path} first-load JS ≤ 100 kB gzip`, measured: `${kb(route.jsGzipBytes)} kB`, ok: route.withinJsBudget });
    }
  }

  const pages = byName.get('browser-pages');
  if (pages) {
    parts.push(
      table(
        'Transfer in Chromium (bytes on the wire, kB)',
        ['route', 'first visit', 'of which JS', 'requests', 'repeat visit'],
        (pages.transfer as Record<string, any>[]).map((route) => [route.path, kb(route.firstVisit.totalBytes), kb(route.firstVisit.byType.script ?? 0), route.firstVisit.requests, kb(route.repeatVisit.totalBytes)]),
      ),
    );
    const crisis = pages.crisis as Record<string, any>[];
    parts.push(
      table(
        `Crisis numbers visible (300 ms RTT, 700 kbps; median of ${pages.runs})`,
        ['route', 'CPU', 'visible ms', 'FCP ms', '≤ 3000 ms'],
        crisis.map((row) => [row.path, `${row.cpuSlowdown}×`, row.crisisVisibleMedianMs, row.firstContentfulPaintMedianMs, verdict(row.withinBudget)]),
      ),
    );
    for (const row of crisis.filter((row) => row.cpuSlowdown === 1 && ['/', '/about', '/resources'].includes(row.path))) {
      budgets.push({ budget: `${row.path} crisis numbers visible ≤ 3 s (300 ms / 700 kbps)`, measured: `${row.crisisVisibleMedianMs} ms`, ok: row.withinBudget });
    }
  }

  const lighthouse = byName.get('lighthouse');
  if (lighthouse) {
    const routes = lighthouse.routes as Record<string, any>[];
    parts.push(
      table(
        `Lighthouse mobile (median of ${lighthouse.runs})`,
        ['route', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'budget'],
        routes.map((route) => [route.path, route.scores.performance, route.scores.accessibility, route.scores['best-practices'], route.scores.seo, route.metrics.firstContentfulPaintMs, route.metrics.largestContentfulPaintMs, route.metrics.totalBlockingTimeMs, route.metrics.cumulativeLayoutShift, route.metrics.speedIndexMs, verdict(route.withinBudget)]),
      ),
    );
    const failed = routes.filter((route) => route.failedAudits?.length > 0).map((route) => `  ${route.path}: ${route.failedAudits.join(', ')}`);
    if (failed.length > 0) parts.push(['Audits that cost points (outside performance):', ...failed].join('\n'));
    for (const route of routes.filter((route) => route.public)) {
      budgets.push({ budget: `${route.path} Lighthouse performance ≥ 95, accessibility 100`, measured: `${route.scores.performance} / ${route.scores.accessibility}`, ok: route.withinBudget });
    }
  }

  const api = byName.get('api-throughput');
  if (api) {
    const endpoints = api.endpoints as Record<string, any>[];
    parts.push(
      table(
        `API on SQLite (${api.connections} connections, ${api.durationS} s each; load average ${api.loadAverage1m})`,
        ['endpoint', 'req/s', 'req per server CPU-s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
        endpoints.map((row) => [row.name, row.requestsPerSecond, row.requestsPerCpuSecond, row.latencyP50Ms, row.latencyP99Ms, row.non2xx, row.errors]),
      ),
    );
    const bookmarks = endpoints.find((row) => row.name === 'bookmark list');
    if (bookmarks) {
      budgets.push({ budget: 'bookmark list ≥ 4,000 req/s per core (SQLite)', measured: `${bookmarks.requestsPerCpuSecond} per CPU-s (${bookmarks.requestsPerSecond} req/s wall)`, ok: bookmarks.requestsPerCpuSecond >= 4000 && bookmarks.non2xx === 0 });
    }
  }

  const lag = byName.get('login-lag');
  if (lag) {
    parts.push(
      table(
        `Event-loop delay (ms) during ${lag.targetLoginsPerSecond} logins/s for ${lag.durationS} s`,
        ['window', 'p50', 'p90', 'p99', 'max', 'logins/s', 'login p99 ms'],
        [
          ['idle', lag.idleLag.p50Ms, lag.idleLag.p90Ms, lag.idleLag.p99Ms, lag.idleLag.maxMs, '-', '-'],
          ['logins', lag.loginLag.p50Ms, lag.loginLag.p90Ms, lag.loginLag.p99Ms, lag.loginLag.maxMs, lag.logins.perSecond, lag.logins.latencyP99Ms],
        ],
      ),
    );
    budgets.push({ budget: 'event-loop lag p99 ≤ 20 ms during 50 logins/s', measured: `${lag.loginLag.p99Ms} ms (${lag.logins.perSecond} logins/s reached)`, ok: lag.loginLag.p99Ms <= 20 && lag.logins.non2xx === 0 });
  }

  // The chat and voice benches are their own scripts; their budgets join the table here.
  const chat = outcomes.find((outcome) => outcome.name === 'chat/chat-bench')?.result as
    | { first_byte_ms?: { p95: number }; concurrent_streams?: { target: number; open_at_once: number; errors: number } }
    | undefined;
  if (chat?.first_byte_ms && chat.concurrent_streams) {
    const streams = chat.concurrent_streams;
    budgets.push({ budget: 'chat overhead before the first byte p95 ≤ 25 ms', measured: `${chat.first_byte_ms.p95} ms`, ok: chat.first_byte_ms.p95 <= 25 });
    budgets.push({
      budget: '≥ 2,000 concurrent chat streams per process',
      measured: `${streams.open_at_once} of ${streams.target} open, ${streams.errors} errors`,
      ok: streams.target >= 2000 && streams.open_at_once >= streams.target && streams.errors === 0,
    });
  }
  const voice = outcomes.find((outcome) => outcome.name === 'voice/voice-turns')?.result as
    | { budgets?: { overheadP95Ms?: { budget: number; measured: number | null; met: boolean } } }
    | undefined;
  const voiceOverhead = voice?.budgets?.overheadP95Ms;
  if (voiceOverhead) {
    budgets.push({ budget: `voice overhead per turn p95 ≤ ${voiceOverhead.budget} ms`, measured: `${voiceOverhead.measured ?? '-'} ms`, ok: voiceOverhead.met });
  }

  const others = outcomes.filter((outcome) => !OWN_BENCHES.some((bench) => bench.name === outcome.name));
  if (others.length > 0) {
    parts.push(
      table(
        'Other benchmarks (top-level numbers of their JSON; details in the report)',
        ['bench', 'result'],
        others.map((outcome) => [
          outcome.name,
          outcome.result
            ? Object.entries(outcome.result)
                .filter(([, value]) => typeof value === 'number' || typeof value === 'boolean')
                .map(([key, value]) => `${key}=${String(value)}`)
                .join(' ')
                .slice(0, 140) || '(no top-level numbers)'
            : `FAILED: ${outcome.problem ?? ''}`,
        ]),
      ),
    );
  }

  parts.push(table('Budgets (DESIGN §9)', ['budget', 'measured', ''], budgets.map((row) => [row.budget, row.measured, verdict(row.ok)])));
  return { text: parts.filter(Boolean).join('\n'), budgets };
}

// ── Main ─────────────────────────────────────────────────────────────────────────────────────────

const startedAt = new Date();
if (!values['no-build']) {
  const build = await runProcess(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], false);
  if (build.code !== 0) {
    console.error(`npm run build exited with ${build.code}; nothing measured.`);
    process.exit(1);
  }
}

const benches = [...OWN_BENCHES, ...subBenches()].filter((bench) => !only || only.has(bench.name));
const outcomes: BenchOutcome[] = [];
for (const bench of benches) outcomes.push(await runBench(bench));

const commit = await runProcess('git', ['rev-parse', '--short', 'HEAD'], true);
const { text, budgets } = summarize(outcomes);
mkdirSync(RESULTS_DIR, { recursive: true });
const report = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  commit: commit.code === 0 ? commit.stdout.trim() : null,
  quick,
  machine: {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? null,
    memoryBytes: totalmem(),
    loadAverageAtEnd: loadavg(),
    node: process.version,
  },
  budgets,
  benches: outcomes,
};
writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
console.log(text);
console.log(`\nReport: ${relative(process.cwd(), REPORT_FILE)}`);
const crashed = outcomes.filter((outcome) => !outcome.ok);
if (crashed.length > 0) {
  console.log(`${crashed.length} bench(es) failed to run: ${crashed.map((outcome) => outcome.name).join(', ')}`);
  process.exitCode = 1;
}
