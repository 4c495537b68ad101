// Playwright e2e suite (DESIGN §10): the built app (npm run build) served by the real server
// process, driven by the system Chromium. `npm test` builds first; `npx playwright test` alone
// expects an up-to-date dist/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findSystemChromium } from './scripts/system-chromium.ts';
import { e2eServerEnv } from './tests/e2e/server-env.ts';

/**
 * The config file is loaded by the runner and again by every worker. The runner picks the port and
 * the scratch folder once and leaves them in the environment, which the workers inherit.
 */
function pickPort(): number {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  // 3300 when it is free, otherwise any free port (another run may be going on on this machine).
  const script =
    "const net=require('node:net');const tryPort=(p,next)=>{const s=net.createServer();" +
    "s.once('error',next);s.listen(p,'127.0.0.1',()=>{const port=s.address().port;s.close(()=>console.log(port));});};" +
    "tryPort(3300,()=>tryPort(0,(e)=>{throw e;}));";
  const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
  process.env.E2E_PORT = String(port);
  return port;
}

function scratchDir(): string {
  if (!process.env.E2E_TMP_DIR) process.env.E2E_TMP_DIR = mkdtempSync(join(tmpdir(), 'ellis-e2e-'));
  return process.env.E2E_TMP_DIR;
}

const chromiumPath = findSystemChromium();
const port = pickPort();
const baseURL = `http://127.0.0.1:${port}`;

/** Journeys that look different on a phone run at both widths; the rest at desktop width only. */
const BOTH_WIDTHS = /(accessibility|mobile-menu|quick-exit|no-javascript|layout-stable)\.spec\.ts$/;
const MOBILE_ONLY = /mobile-menu\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: MOBILE_ONLY,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testMatch: BOTH_WIDTHS,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: { ...e2eServerEnv(baseURL, scratchDir()), LLM_PROVIDER: 'guide' },
  },
});
