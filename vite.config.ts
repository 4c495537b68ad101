import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Small stand-ins with the same call shape for i18next and react-i18next (decision 030) and for
 * react-router (decision 031), so public pages fit DESIGN §9's JS budget. tsconfig.json maps the same
 * names for the type checker, and vitest.config.ts reuses this list.
 */
export const moduleAliases = [
  { find: /^i18next$/, replacement: local('./src/web/i18n/lite/i18next.ts') },
  { find: /^react-i18next$/, replacement: local('./src/web/i18n/lite/react-i18next.tsx') },
  { find: /^react-router$/, replacement: local('./src/web/app/router/react-router.tsx') },
];

/**
 * Writes dist/chunk-modules.json: the source modules in each client chunk, so the JS budget test
 * (scripts/js-budget.test.ts) can tell that no chat or voice code reaches a public page. It sits
 * outside dist/client, so it is never served.
 */
function chunkModulesReport(): Plugin {
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
      if (options.dir) writeFileSync(join(options.dir, '..', 'chunk-modules.json'), `${JSON.stringify(modules, null, 1)}\n`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), chunkModulesReport()],
  publicDir: 'public',
  resolve: { alias: moduleAliases },
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Inline scripts would need CSP exceptions; keep every asset a file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: { port: 5173 },
}));
