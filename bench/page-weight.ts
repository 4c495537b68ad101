// Page weight per route from the production build (dist/client), without a browser: the HTML, its
// stylesheets and the static import graph of its scripts, raw, gzip (zlib default level, as
// @fastify/compress sends) and brotli. Lazy route chunks are not in it: bench/browser-pages.ts
// measures what a browser really downloads. Prints one JSON object on its last line.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PUBLIC_PAGE_JS_BUDGET_BYTES, PUBLIC_PAGE_PATHS, measurePage, prerenderedPaths } from '../scripts/page-weight.ts';

const CLIENT_DIR = resolve('dist/client');
if (!existsSync(resolve(CLIENT_DIR, 'pages'))) {
  console.error(`No production build in ${CLIENT_DIR}: run npm run build first.`);
  process.exit(1);
}

const routes = prerenderedPaths(CLIENT_DIR).map((path) => {
  const weight = measurePage(CLIENT_DIR, path);
  const isPublic = (PUBLIC_PAGE_PATHS as readonly string[]).includes(path);
  return {
    path,
    public: isPublic,
    ...weight.totals,
    jsBrotliBytes: weight.scripts.reduce((sum, script) => sum + script.brotliBytes, 0),
    withinJsBudget: isPublic ? weight.totals.jsGzipBytes <= PUBLIC_PAGE_JS_BUDGET_BYTES : null,
    scripts: weight.scripts.map(({ url, rawBytes, gzipBytes }) => ({ url, rawBytes, gzipBytes })),
  };
});

console.log(JSON.stringify({ name: 'page-weight', jsBudgetGzipBytes: PUBLIC_PAGE_JS_BUDGET_BYTES, routes }));
