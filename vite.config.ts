import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes dist/chunk-modules.json: the source modules in each client chunk, so the JS budget test
 * (scripts/js-budget.test.ts) can tell that no chat or voice code reaches a public page. It sits
 * outside dist/client, so it is never served.
 */
function chunkModulesReport({ merge }: { merge: boolean }): Plugin {
  const modules: Record<string, string[]> = {};
  return {
    name: 'ellis-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith('\0'))
          .map((id) => relative(process.cwd(), id.split('?')[0] ?? id));
      }
    },
    writeBundle(options) {
      if (!options.dir) return;
      const file = join(options.dir, '..', 'chunk-modules.json');
      // The islands build adds its chunks to the app build's report.
      const earlier = merge && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
      writeFileSync(file, `${JSON.stringify({ ...earlier, ...modules }, null, 1)}\n`);
    },
  };
}

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const islandsBuild = process.env.ELLIS_BUILD === 'islands';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), chunkModulesReport({ merge: islandsBuild })],
  publicDir: 'public',
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: !islandsBuild,
    target: 'es2022',
    // Inline scripts would need CSP exceptions; keep every asset a file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // Two client builds into dist/client: the app (index.html), then the islands of the public pages
    // (public.html, ELLIS_BUILD=islands) on their own, so nothing the app needs of a shared module
    // rides along with the islands (decision 097).
    rollupOptions: isSsrBuild
      ? undefined
      : {
          input: islandsBuild ? local('./public.html') : local('./index.html'),
          // The directory's entries are built with this helper; the islands get them as props, so
          // unused, they are dropped (src/shared/resource-directory.ts).
          treeshake: { manualPureFunctions: ['serviceGuideSearch'] },
        },
  },
  server: { port: 5173 },
}));
