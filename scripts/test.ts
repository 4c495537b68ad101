// `npm test`: builds the web app, runs Vitest, then Playwright (even when Vitest failed), and prints
// the totals over every suite. The last line is always exactly "N passed, N failed"; the exit code
// is non-zero when any test failed or a step crashed (a suite without its JSON report counts as one
// failure). TEST_DATABASE_URL and the rest of the environment pass through to the suites.
// Runs with Node 24 type stripping: erasable TypeScript only.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const REPORT_DIR = resolve('.reports');
const VITEST_REPORT = resolve(REPORT_DIR, 'vitest.json');
const PLAYWRIGHT_REPORT = resolve(REPORT_DIR, 'playwright.json');
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Set when the suite did not run to a usable report; counts as one failure. */
  problem: string | null;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Vitest's JSON report (Jest-compatible): per-test counts, and files that failed to run at all. */
function vitestResult(exitCode: number): SuiteResult {
  const result: SuiteResult = { name: 'vitest', passed: 0, failed: 0, skipped: 0, problem: null };
  const report = readJson(VITEST_REPORT) as {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
    testResults?: { name?: string; status?: string; message?: string; assertionResults?: { status?: string }[] }[];
  } | null;
  if (!report) {
    result.problem = `no JSON report at ${VITEST_REPORT} (Vitest exited with ${exitCode})`;
    return result;
  }
  result.passed = num(report.numPassedTests);
  result.failed = num(report.numFailedTests);
  result.skipped = num(report.numPendingTests) + num(report.numTodoTests);
  // A test file that fails to load or whose hooks throw has no failed test, but must not pass.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  for (const file of brokenFiles) console.error(`vitest: ${file.name ?? 'a test file'} failed outside any test: ${file.message ?? ''}`);
  result.failed += brokenFiles.length;
  if (exitCode !== 0 && result.failed === 0) {
    result.problem = `Vitest exited with ${exitCode} but reported no failed test (an unhandled error?)`;
  }
  return result;
}

interface PlaywrightSuite {
  specs?: { tests?: { status?: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report: stats, plus errors raised outside tests (config, web server). */
function playwrightResult(exitCode: number): SuiteResult {
  const result: SuiteResult = { name: 'playwright', passed: 0, failed: 0, skipped: 0, problem: null };
  const report = readJson(PLAYWRIGHT_REPORT) as {
    stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
    errors?: { message?: string }[];
    suites?: PlaywrightSuite[];
  } | null;
  if (!report?.stats) {
    result.problem = `no JSON report at ${PLAYWRIGHT_REPORT} (Playwright exited with ${exitCode})`;
    return result;
  }
  result.passed = num(report.stats.expected) + num(report.stats.flaky);
  result.failed = num(report.stats.unexpected);
  result.skipped = num(report.stats.skipped);
  const errors = report.errors ?? [];
  if (errors.length > 0) {
    for (const error of errors) console.error(`playwright: ${error.message ?? 'error outside a test'}`);
    result.failed += errors.length;
  }
  if (exitCode !== 0 && result.failed === 0) {
    result.problem = `Playwright exited with ${exitCode} but reported no failed test`;
  }
  return result;
}

function notRun(name: string, why: string): SuiteResult {
  return { name, passed: 0, failed: 0, skipped: 0, problem: why };
}

const startedAt = Date.now();
mkdirSync(REPORT_DIR, { recursive: true });
// A report left over from an earlier run must never stand in for this one.
rmSync(VITEST_REPORT, { force: true });
rmSync(PLAYWRIGHT_REPORT, { force: true });

const results: SuiteResult[] = [];

const buildCode = await run(NPM, ['run', 'build']);
if (buildCode !== 0) results.push(notRun('build', `npm run build exited with ${buildCode}`));

const vitestCode = await run(NPX, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_REPORT}`,
]);
results.push(vitestResult(vitestCode));

if (buildCode === 0) {
  const playwrightCode = await run(NPX, ['playwright', 'test', '--reporter=list,json'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_REPORT,
  });
  results.push(playwrightResult(playwrightCode));
} else {
  results.push(notRun('playwright', 'not run: the build failed, so there is no app to test'));
}

console.log('\n── Test summary ──');
for (const suite of results) {
  if (suite.name === 'build') {
    console.log(`build: FAILED (${suite.problem ?? ''})`);
    continue;
  }
  const line = `${suite.name}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped`;
  console.log(suite.problem ? `${line} — CRASHED: ${suite.problem}` : line);
}
const passed = results.reduce((sum, suite) => sum + suite.passed, 0);
const failed = results.reduce((sum, suite) => sum + suite.failed + (suite.problem ? 1 : 0), 0);
const skipped = results.reduce((sum, suite) => sum + suite.skipped, 0);
console.log(`${skipped} skipped`);
console.log(`took ${Math.round((Date.now() - startedAt) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
