import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default leaves one core free: on CI's two cores that ran the files one at a time, and the classifier's
    // reproducibility test (one full training, minutes) alone pushed CI past its 30 minutes. Every file opens its own
    // database (own SQLite file or PostgreSQL schema) and listens on port 0, so files can run side by side.
    maxWorkers: availableParallelism(),
  },
});
