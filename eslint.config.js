// Import directions of ARCHITECTURE.md, enforced. Each block names what a folder must not reach.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const clientPatterns = [
  { group: ['**/server/**', '**/src/server/*'], message: 'The client never imports the server.' },
  { group: ['node:*', 'fastify', 'kysely', 'pg', '@electric-sql/*'], message: 'The client runs in the browser.' },
  { group: ['msw', 'msw/*'], message: 'msw belongs to tests and the offline preview only.' },
  // antd's private module paths change without notice between versions (ADR 0412); the locale is the documented exception (ARCHITECTURE.md).
  { group: ['antd/es/*', 'antd/lib/*', 'rc-*/es/*', 'rc-*/lib/*', '!antd/es/locale', '!antd/es/locale/zh_CN'], message: 'Import antd from its public entry (`antd`); only the zh_CN locale is taken from antd/es/locale.' },
];
const belowShell = { group: ['**/shell', '**/shell/**', './shell/*'], message: 'Only the shell (and main.tsx) imports shell/: navigation and permission gates live in routing/; services come through context.' };

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'url', 'stream', 'util', 'buffer', 'process'];

const serverPatterns = [
  { group: ['**/client/**'], message: 'The server never imports the client.' },
  { group: ['react', 'react-dom', 'antd', 'antd/*', '@formily/react', '@formily/antd-v5'], message: 'The server renders no UI.' },
];

const recordsBelowFlows = { group: ['**/flows/**'], message: 'records/ does not import flows/ (flows is built on records): go through records/services/flowHooks.ts.' };

// Raw SQL (Kysely's `sql` tag, CompiledQuery, the pg driver) only in the SQL layer below.
const sqlOnlyInLayer = 'SQL lives in repositories and query builders (src/server/README.md "Where SQL lives"): call a repository.';
const serverSqlPaths = [
  { name: 'kysely', importNames: ['sql', 'CompiledQuery'], message: sqlOnlyInLayer },
  { name: 'pg', message: sqlOnlyInLayer },
];
const SQL_LAYER = [
  'src/server/**/repositories/**/*.ts',
  'src/server/**/*Repository.ts',
  'src/server/db/**/*.ts',
  'src/server/**/migrations/**/*.ts',
  'src/server/jobs/migration.ts',
  'src/server/jobs/pgBossTransport.ts',
  'src/server/records/query/**/*.ts',
  'src/server/records/storage/**/*.ts',
  'src/server/records/write/coerceRow.ts',
  'src/server/records/services/sqlSandbox.ts',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', '**/*.snap'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The HTTP contract and the routes are fully typed (issue 13); other areas turn this on as they go.
    files: ['src/shared/**/*.ts', 'src/server/routes/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['schema-adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: nodeBuiltins.filter((n) => !n.includes('*')),
        patterns: [
          { group: ['node:*'], message: 'schema-adapters is pure: no Node APIs.' },
          { group: ['react', 'react-dom', 'react/*', 'antd', 'antd/*', 'wouter', 'fastify', 'fastify/*', '@fastify/*', 'kysely', 'pg', '@electric-sql/*', '@formily/react', '@formily/antd-v5', '@tanstack/react-*'], message: 'schema-adapters is pure: no UI, server or database libraries.' },
          { group: ['**/src/**', '../src/*'], message: 'schema-adapters imports nothing of ours.' },
        ],
      }],
    },
  },
  {
    files: ['schema-adapters/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/client/**', '**/server/**'], message: 'src/shared is imported by client and server; it imports neither.' },
          { group: ['react', 'antd', 'fastify', 'kysely', 'pg', 'node:*'], message: 'src/shared holds plain types and validators.' },
        ],
      }],
    },
  },
  {
    // Only the two classic hook rules: the compiler-oriented rules of v7 flag patterns antd and Formily need.
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: clientPatterns }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/client/api/http.ts calls fetch.' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The shell sits on top: it wires providers, routes and layout over everything below it, and
    // nothing below imports it back (issue 13: that is how the client's import cycle formed).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/shell/**', 'src/client/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...clientPatterns, belowShell] }],
    },
  },
  {
    files: ['src/client/api/http.ts', 'src/client/**/*.test.{ts,tsx}', 'src/client/preview/**'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: serverSqlPaths,
        patterns: serverPatterns,
      }],
    },
  },
  {
    // The SQL layer (src/server/README.md "Where SQL lives"): repositories, the database module
    // and migrations, and the query builders of the records engine (list query, table DDL, the
    // bound values of a row write), plus the sandbox that runs guarded administrator SQL.
    files: SQL_LAYER,
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] },
  },
  {
    // flows/ is built on records/ (it reads, writes and re-statuses records); records/ reaches
    // flows only through records/services/flowHooks.ts (src/server/README.md "Folder dependencies").
    files: ['src/server/records/**/*.ts'],
    ignores: SQL_LAYER,
    rules: { 'no-restricted-imports': ['error', { paths: serverSqlPaths, patterns: [...serverPatterns, recordsBelowFlows] }] },
  },
  {
    files: SQL_LAYER.map((layer) => ['src/server/records/**/*.ts', layer]),
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverPatterns, recordsBelowFlows] }] },
  },
  {
    // No `any` in the server (issue 13 item 5): foundation tables are Kysely<Database>; per-form
    // tables are reached with `sql`/`sql.id` and read as FormTableRow (db/types.ts). Routes get
    // the same rule from the contract work.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/routes/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/client/**'], message: 'The server never imports the client.' },
          { group: ['kysely', 'pg', '@electric-sql/*', '**/db/*'], message: 'Routes hold no SQL: call a repository.' },
        ],
      }],
    },
  },
);
