import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Small stand-ins for i18next and react-i18next with the same call shape (decision 030). tsconfig.json
 * maps the same names for the type checker, and vitest.config.ts reuses this list.
 */
export const i18nAliases = [
  { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/web/i18n/lite/i18next.ts', import.meta.url)) },
  { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/web/i18n/lite/react-i18next.tsx', import.meta.url)) },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  resolve: { alias: i18nAliases },
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
