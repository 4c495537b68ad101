// What a phone's browser really downloads and when the crisis numbers appear, against the real
// server (production build, loopback) in the system Chromium at 375×740:
// - transfer per route, first visit (cold cache) and repeat visit (same browser, warm cache), by
//   resource type, as the server sends it (brotli when the browser asks for it, as Chromium does);
// - "crisis numbers visible" (DESIGN §9: within 3 s on a 300 ms / 700 kbps network): the time from
//   navigation start to the first frame in which the 988 link of the crisis strip has a box inside
//   the viewport, on that network profile (Chromium DevTools emulation), median of several cold
//   loads, with and without 4× CPU slowdown (Lighthouse's mobile CPU factor).
// Prints one JSON object on its last line. Options: --runs N (default 3).
import { chromium, type BrowserContext } from '@playwright/test';
import { parseArgs } from 'node:util';
import { findSystemChromium } from '../scripts/system-chromium.ts';
import { CHROMIUM_FLAGS } from './support/chromium.ts';
import { startBenchServer } from './support/server-process.ts';
import { pageRoutes } from '../src/web/app/route-table.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);

const WEIGHT_ROUTES = pageRoutes.map((route) => route.path);
const CRISIS_ROUTES = ['/', '/about', '/resources', '/login', '/chat'];
const SLOW_NETWORK = { latencyMs: 300, throughputKbps: 700 };
const CRISIS_BUDGET_MS = 3_000;
const CRISIS_SELECTOR = '.crisis-strip a[href="tel:988"]';
const VIEWPORT = { width: 375, height: 740 };

interface Transfer {
  totalBytes: number;
  requests: number;
  byType: Record<string, number>;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Bytes on the wire (headers included) of every response a navigation causes until the network is idle. */
async function measureTransfer(context: BrowserContext, url: string): Promise<Transfer> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const transfer: Transfer = { totalBytes: 0, requests: 0, byType: {} };
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type.toLowerCase()));
  cdp.on('Network.loadingFinished', (event) => {
    const type = types.get(event.requestId) ?? 'other';
    transfer.requests += 1;
    transfer.totalBytes += event.encodedDataLength;
    transfer.byType[type] = (transfer.byType[type] ?? 0) + event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return transfer;
}

async function crisisVisibleMs(context: BrowserContext, url: string, cpuSlowdown: number): Promise<{ crisisMs: number; fcpMs: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const bytesPerSecond = (SLOW_NETWORK.throughputKbps * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_NETWORK.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript((selector: string) => {
    const check = () => {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0 && box.top < window.innerHeight && box.bottom > 0) {
        (window as unknown as { crisisVisibleAt: number }).crisisVisibleAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, CRISIS_SELECTOR);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  const crisisMs = await page.waitForFunction(() => (window as unknown as { crisisVisibleAt?: number }).crisisVisibleAt, null, {
    timeout: 30_000,
  });
  const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  const result = { crisisMs: Math.round((await crisisMs.jsonValue()) as number), fcpMs: Math.round(fcpMs) };
  await page.close();
  return result;
}

const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: findSystemChromium(), args: CHROMIUM_FLAGS });
try {
  const contextOptions = { viewport: VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const transfer = [];
  for (const path of WEIGHT_ROUTES) {
    const context = await browser.newContext(contextOptions);
    const firstVisit = await measureTransfer(context, `${server.origin}${path}`);
    const repeatVisit = await measureTransfer(context, `${server.origin}${path}`);
    await context.close();
    transfer.push({ path, firstVisit, repeatVisit });
  }

  const crisis = [];
  for (const cpuSlowdown of [1, 4]) {
    for (const path of CRISIS_ROUTES) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext(contextOptions);
        runs.push(await crisisVisibleMs(context, `${server.origin}${path}`, cpuSlowdown));
        await context.close();
      }
      const crisisMs = median(runs.map((run) => run.crisisMs));
      crisis.push({
        path,
        cpuSlowdown,
        crisisVisibleMedianMs: crisisMs,
        firstContentfulPaintMedianMs: median(runs.map((run) => run.fcpMs)),
        runsMs: runs.map((run) => run.crisisMs),
        withinBudget: crisisMs <= CRISIS_BUDGET_MS,
      });
    }
  }

  console.log(
    JSON.stringify({
      name: 'browser-pages',
      viewport: VIEWPORT,
      network: SLOW_NETWORK,
      crisisBudgetMs: CRISIS_BUDGET_MS,
      runs: RUNS,
      transfer,
      crisis,
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
