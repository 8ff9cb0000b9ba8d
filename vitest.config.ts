import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test projects. The API tests (`*.api.test.ts`) run twice: on a fresh SQLite file each, and on
 * a fresh PostgreSQL schema each (only when TEST_DATABASE_URL is set: see scripts/test.mjs).
 */
const api = (name: string, db: string) => ({
  test: {
    name,
    include: ['src/**/*.api.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one core fewer than the machine has: one file at a time on a 2-core
    // machine, which then idles while an API test waits on its database. Each test file has its
    // own SQLite file or PostgreSQL schema, so files may run side by side (decision 0033).
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', 'src/web/**'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test-setup.ts'],
          // Form tests type whole forms through user-event; on a loaded 2-core machine that takes
          // longer than vitest's 5 s default without anything being wrong.
          testTimeout: 30_000,
        },
      },
      api('api-sqlite', 'sqlite'),
      api('api-postgres', 'postgres'),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One demo database per run, copied for each file's shop.
          globalSetup: ['e2e/support/demo-database.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at once: each starts its own shop and browser, and most of a journey is waiting.
          maxWorkers: 2,
          // After the other projects when one run has them all (a group has one worker count).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
