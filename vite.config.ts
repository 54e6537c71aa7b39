import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.js';

const apiPort = Number(process.env.PORT ?? 8080);

// The projects that start test apps hash passwords at bcrypt's lowest cost (ADR 1072): a run signs
// in thousands of times, and a comparison at the product's cost 10 costs 64 times one at 4 (measured
// side by side at load 31: 1.9 s against 40–65 ms; docs/benchmarks.md).
// What is tested does not change: a comparison reads its cost from the stored hash.
const appTestEnv = { BCRYPT_COST: '4' };

// One config for the client build, the dev server and every test project.
export default defineConfig({
  plugins: [
    react(),
    // .br / .gz beside the built files, served as they are (src/server/http/staticClient.ts).
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    rolldownOptions: {
      // antd's Form context module (imported by every input) takes only `FormProvider` from
      // rc-field-form's index; without side effects declared the whole form engine and
      // async-validator came along on pages without a form (issue 15, docs/benchmarks.md).
      // schema-adapters is pure (its README): the list's and the record route's imports of its index
      // kept the designer's palette and definition checks only for their top-level tables (ADR 0408).
      treeshake: { moduleSideEffects: (id: string) => !/node_modules\/(rc-field-form|@rc-component\/async-validator|@rc-component\/color-picker)\/|\/schema-adapters\//.test(id) },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    // Vitest's default on a 2-core machine is one worker, so the whole suite ran one file at a
    // time while test servers waited on PostgreSQL and Chromium. Three keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Pure functions and the server's modules without an app: no file mocks a module or
          // leaves state behind, so a worker imports their graph once instead of once per file
          // (on a loaded 2-core machine: import 186 s → 99 s summed, CPU 61 s → 38 s).
          isolate: false,
          // Beside the browser process (npm run test:parallel) a unit file that reads 14 PDFs with pdfjs
          // took over vitest's 5 s default on the 2-core machine; the figure is in the bench, not here.
          testTimeout: 30_000,
          include: [
            'schema-adapters/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'tests/adapters/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          // Rendering antd in happy-dom beside three other workers on 2 cores takes seconds at times.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/support/globalSetup.ts'],
          // One worker runs many files without re-importing the server for each (~10 s a file
          // on a loaded 2-core machine, most of the suite's time). The server's caches are keyed
          // by database, and closeLeftApps.ts closes what a file left open and restores its env.
          isolate: false,
          setupFiles: ['tests/api/support/closeLeftApps.ts'],
          env: appTestEnv,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The API suite again on the PostgreSQL server, only when one is configured (CI sets it).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-pg',
                environment: 'node',
                include: ['tests/api/**/*.test.ts'],
                globalSetup: ['tests/api/support/globalSetup.ts'],
                isolate: false,
                setupFiles: ['tests/api/support/closeLeftApps.ts'],
                env: { ...appTestEnv, FORMWORK_TEST_DB: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/globalSetup.ts', 'tests/api/support/globalSetup.ts'],
          env: appTestEnv,
          // One file at a time (each its own server and Chromium), in a group of their own after
          // the others: a browser test beside three API workers waits too long for its page, and
          // two browser files side by side on 2 cores lost clicks on dialogs (CI of 3fded3f:
          // listButtons' 继续操作, screens' 取消, both green when run alone).
          // `npm run test:parallel` (scripts/test.mjs, ADR 1063) runs this project in a vitest
          // process of its own beside the others (two workers there): vitest runs projects of one
          // group together only when their maxWorkers agree. Not the default: browser tests timed
          // out beside the API files in 2 of 3 full runs.
          maxWorkers: 1,
          // One worker for every file, so it imports the server and playwright once, not per file
          // (~10 s a file under load). Files still share no state: each starts its own app on its
          // own copy of the seeded database and its own browser context on the run's one Chromium
          // (globalSetup.ts); the server's module-level caches are keyed by database.
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: too short for a page to render on a loaded
          // 2-core machine, where the same check passes when run alone.
          expect: { poll: { timeout: 15_000 } },
          // On CI one retry of a failed browser test: a click lost to a 2-core machine at load 15+
          // must not sink the run. A test that fails twice still fails, and vitest reports every
          // retry, so a flaky test stays visible and gets fixed.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
