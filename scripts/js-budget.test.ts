// DESIGN §9 and issue 15: a public page, in every language, loads at most 75 kB of JavaScript (gzip)
// on a first visit: only its islands (decision 097), with no router, i18n runtime or auth controller;
// chat or voice code only on their own routes. Checked on the production build in dist/client, which
// `npm test` makes before it runs Vitest.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PUBLIC_PAGE_JS_BUDGET_BYTES,
  PUBLIC_PAGE_PATHS,
  chunkModules,
  htmlAssetUrls,
  measurePage,
  staticImports,
} from './page-weight.ts';

const CLIENT_DIR = resolve('dist/client');
/** Source files of the chat, test chat and voice screens (features, pages, their catalogs). */
const CHAT_OR_VOICE_MODULE = /^src\/web\/(?:features\/(?:chat|voice)|pages\/[^/]*(?:chat|voice|speak)[^/]*|i18n\/en\/(?:chat|voice)[^/]*)(?:\/|\.|-)/;
/** What the islands must do without: a router, an i18n runtime or catalogs, the auth controller. */
const APP_RUNTIME_MODULE =
  /^(?:src\/web\/(?:app\/router\/|i18n\/|features\/auth\/|app\/app\.tsx)|node_modules\/(?:react-router|i18next|react-i18next|@tanstack)\/)/;
const hasBuild = existsSync(resolve(CLIENT_DIR, 'pages', 'index.html'));
if (!hasBuild) console.warn(`JS budget checks skipped: no production build in ${CLIENT_DIR} (run npm run build)`);

describe('page weight helpers', () => {
  it('finds module scripts, module preloads and stylesheets, not data blocks or icons', () => {
    const html = [
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '<script type="application/json" id="ellis-config">{"a":1}</script>',
    ].join('\n');
    expect(htmlAssetUrls(html)).toEqual({
      scripts: ['/assets/index-a.js', '/assets/shared-b.js'],
      stylesheets: ['/assets/index-c.css'],
    });
  });

  it.each([
    {
      what: 'router, i18n and auth modules',
      pattern: APP_RUNTIME_MODULE,
      matching: [
        'src/web/app/router/react-router.tsx',
        'src/web/i18n/lite/i18next.ts',
        'src/web/i18n/es/common.json',
        'src/web/features/auth/auth-controller.ts',
        'node_modules/react-router/dist/index.js',
        'node_modules/i18next/dist/esm/i18next.js',
      ],
      other: ['src/web/components/quick-exit-link.tsx', 'src/web/features/resources/resource-directory.tsx', 'node_modules/react-dom/client.js'],
    },
    {
      what: 'chat and voice source files',
      pattern: CHAT_OR_VOICE_MODULE,
      matching: [
        'src/web/features/chat/chat-view.tsx',
        'src/web/features/voice/mic.ts',
        'src/web/pages/chat-page.tsx',
        'src/web/pages/voice-page.tsx',
        'src/web/pages/speak-with-ellis-page.tsx',
        'src/web/i18n/en/chat.json',
      ],
      other: ['src/web/pages/home-page.tsx', 'src/web/features/resources/ellis-prompt.tsx', 'node_modules/react-dom/cjs/x.js'],
    },
  ])('recognises $what', ({ pattern, matching, other }) => {
    expect(matching.filter((module) => pattern.test(module))).toEqual(matching);
    expect(other.filter((module) => pattern.test(module))).toEqual([]);
  });

  it('follows static imports of built chunks but not dynamic ones', () => {
    const code =
      'import{n as e,t}from"./runtime-a.js";import"./side-effect-b.js";import*as x from"./ns-c.js";' +
      'const l=()=>import(`./lazy-d.js`),m=()=>import("./lazy-e.js");console.log(import.meta.url)';
    expect(staticImports(code)).toEqual(['./runtime-a.js', './side-effect-b.js', './ns-c.js']);
  });
});

describe.skipIf(!hasBuild)('first-load JavaScript of public pages (production build)', () => {
  for (const path of PUBLIC_PAGE_PATHS) {
    it(`${path} stays within ${PUBLIC_PAGE_JS_BUDGET_BYTES / 1000} kB gzip`, () => {
      const weight = measurePage(CLIENT_DIR, path);
      expect(weight.scripts.length).toBeGreaterThan(0);
      const breakdown = weight.scripts.map((script) => `${script.url} ${script.gzipBytes} B`).join(', ');
      expect(weight.totals.jsGzipBytes, `${path} loads ${breakdown}`).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGET_BYTES);
    });

    it(`${path} loads no chat or voice code`, () => {
      const urls = measurePage(CLIENT_DIR, path).scripts.map((script) => script.url);
      expect(urls.filter((url) => /\/(chat|voice|speak)[^/]*\.js$/.test(url))).toEqual([]);
      const modules = chunkModules(CLIENT_DIR);
      expect(modules, 'dist/chunk-modules.json is missing: rebuild with npm run build').not.toBeNull();
      const loaded = urls.flatMap((url) => modules?.get(url) ?? []);
      expect(loaded.length).toBeGreaterThan(0);
      expect(loaded.filter((module) => CHAT_OR_VOICE_MODULE.test(module))).toEqual([]);
    });

    it(`${path} hydrates islands only: no router, i18n runtime or auth controller`, () => {
      const urls = measurePage(CLIENT_DIR, path).scripts.map((script) => script.url);
      const loaded = urls.flatMap((url) => chunkModules(CLIENT_DIR)?.get(url) ?? []);
      expect(loaded).toContain('src/web/islands.tsx');
      expect(loaded.filter((module) => APP_RUNTIME_MODULE.test(module))).toEqual([]);
    });
  }
});
