import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One `npm test`: unit tests (shared, codegen, client logic), server tests through the real
 * app on SQLite and, when reachable, PostgreSQL, and browser tests in Debian's Chromium.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/shared/**/*.test.ts', 'tests/codegen/**/*.test.ts', 'tests/client/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', pool: 'forks' },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 90_000,
        },
      },
    ],
  },
});
