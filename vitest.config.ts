import { defineConfig } from 'vitest/config';
import { moduleAliases } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: moduleAliases },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
