// Build step: renders every page of the web app to static HTML (dist/client/pages) with the
// public configuration of the current environment.
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config/config.ts';
import { prerenderPages, toPublicConfig } from '../src/server/web/page-renderer.ts';
import { speechRecognitionAvailable } from '../src/server/providers/engines-from-config.ts';

const config = loadConfig();
const paths = await prerenderPages(resolve('dist'), toPublicConfig(config, { available: speechRecognitionAvailable(config) }));
console.log(`prerendered ${paths.length} pages: ${paths.join(' ')}`);
