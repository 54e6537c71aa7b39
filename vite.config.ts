import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const apiPort = Number(process.env.PORT ?? 8080);

const antdShims = [
  { importer: /antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/, source: '../../color-picker/components/ColorPresets', file: 'isBright.ts' },
  { importer: /antd[\\/]es[\\/]radio[\\/]group\.js$/, source: '../form/hooks/useForm', file: 'toNamePathStr.ts' },
];

// One config for the client build, the dev server and every test project.
export default defineConfig({
  plugins: [
    react(),
    {
      // Two antd modules take one small helper each from a large module that other, lazily loaded
      // components use whole; a module goes into one chunk, so the large one came with every page:
      // the button styles' `isBright` (the colour picker's presets panel, with Collapse) and the
      // radio group's `toNamePathStr` (antd Form's useForm, with rc-field-form). Same helpers, from
      // src/client/shell/antdShims (ADR 0408).
      name: 'antd-small-helpers',
      enforce: 'pre',
      resolveId(source, importer) {
        const shim = antdShims.find((s) => s.source === source && importer && s.importer.test(importer));
        return shim ? fileURLToPath(new URL(`./src/client/shell/antdShims/${shim.file}`, import.meta.url)) : null;
      },
    },
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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
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
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
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
                env: { FORMWORK_TEST_DB: 'postgres' },
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
          globalSetup: ['tests/browser/globalSetup.ts'],
          fileParallelism: false,
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
