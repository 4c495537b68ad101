// The flags every bench launches the system Chromium (scripts/system-chromium.ts) with: the e2e
// suite's, plus host resolution failing outside loopback, so a page or the browser itself can never
// reach the network during a measurement.
import { CHROMIUM_ARGS } from '../../scripts/system-chromium.ts';

export const CHROMIUM_FLAGS = [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];
