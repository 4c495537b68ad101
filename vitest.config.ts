import { defineConfig } from 'vitest/config';
import { i18nAliases } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: i18nAliases },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
