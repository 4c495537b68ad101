// The system Chromium, for the e2e suite and the browser benchmarks: `npx playwright install` cannot
// download browsers here (DESIGN §11).
import { existsSync } from 'node:fs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROMIUM_PATH when set, otherwise the first Chromium or Chrome found in the usual places. */
export function findSystemChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const found = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${CHROMIUM_CANDIDATES.join(', ')}). ` +
        'Install it (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Headless in a container, without the browser's own background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
