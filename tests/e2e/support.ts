// Shared pieces of the e2e journeys: the page list, a hydration wait, and a way to start a second
// server with a different configuration.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/testing/free-port.ts';
import { e2eServerEnv } from './server-env.ts';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { pageRoutes } from '../../src/web/app/route-table.ts';

export { expect };

/** Every page of the site (SPEC §2). */
export const PAGES: readonly string[] = pageRoutes.map((route) => route.path);

/** A path no route serves. */
export const UNKNOWN_PATH = '/no-such-page-here';

/** The default QUICK_EXIT_URL (DESIGN §4). */
export const NEUTRAL_SITE = 'https://www.weather.gov/';

export const CATEGORY_NAMES = [
  'Housing & Shelter',
  'Food & Nutrition',
  'Healthcare',
  'Employment & Income',
  'Legal Services',
  'Crisis Support',
] as const;

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

declare global {
  interface Window {
    __ellisKeydownListeners?: number;
  }
}

/**
 * The page fixture counts keydown listeners added to window or document. The app adds its first one
 * (the quick exit's Escape handler) in an effect, which React runs only after the whole server-rendered
 * tree is hydrated; so a listener means the page is interactive.
 */
export const test = base.extend<{ pageErrors: Error[] }>({
  // Each journey is its own visitor, as it would be: the per-address limits (new conversations,
  // sign-ups) then count one journey's requests, not the whole run's (the server trusts the header).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo.testId) });
  },
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await use(errors);
  },
  page: async ({ page }, use) => {
    await trackHydration(page);
    await use(page);
  },
});

/** A private address (10.x.y.z) of its own for each test. */
function visitorAddress(testId: string): string {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${(hash & 255) || 1}`;
}

/** Makes waitForHydration work on pages of a context or page the fixture did not create. */
export async function trackHydration(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    window.__ellisKeydownListeners = 0;
    for (const eventTarget of [window, document] as EventTarget[]) {
      const original = eventTarget.addEventListener.bind(eventTarget);
      eventTarget.addEventListener = (type: string, ...rest: [EventListenerOrEventListenerObject | null, (boolean | AddEventListenerOptions)?]) => {
        if (type === 'keydown') window.__ellisKeydownListeners = (window.__ellisKeydownListeners ?? 0) + 1;
        original(type, ...rest);
      };
    }
  });
}

/** Waits until React has hydrated the server-rendered page (see the page fixture). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.__ellisKeydownListeners ?? 0) > 0, undefined, { timeout: 10_000 });
}

/** Fails the test with the page's uncaught errors, if it had any. */
export function expectNoPageErrors(errors: Error[]): void {
  expect(errors.map((error) => error.stack ?? error.message), 'uncaught errors in the page').toEqual([]);
}

export interface RunningServer {
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts another instance of the built app (same dist/) with extra environment variables, on a free
 * port with its own SQLite file. The server renders its pages again at start-up when its public
 * configuration differs from the one used at build time. A null value unsets the variable.
 */
export async function startServer(extraEnv: Record<string, string | null>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'ellis-e2e-extra-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...e2eServerEnv(url, dir),
  };
  for (const [name, value] of Object.entries(extraEnv)) {
    if (value === null) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, ['src/server/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );

  const stop = async () => {
    if (exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exitCode !== null) {
      await stop();
      throw new Error(`The extra server exited with code ${exitCode} before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The extra server was not ready after 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, output: () => output, stop };
}
