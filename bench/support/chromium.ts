// The system Chromium (DESIGN §11: browsers cannot be downloaded here) and the flags every bench
// launches it with. Host resolution outside loopback fails, so a page or the browser itself can
// never reach the network during a measurement.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, ...CANDIDATES].find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error(`No Chromium at ${CANDIDATES.join(', ')}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  return found;
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
