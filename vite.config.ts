import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
