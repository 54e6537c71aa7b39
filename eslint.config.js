// Import directions of ARCHITECTURE.md, enforced. Each block names what a folder must not reach.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'url', 'stream', 'util', 'buffer', 'process'];

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
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/**', '**/src/server/*'], message: 'The client never imports the server.' },
          { group: ['node:*', 'fastify', 'kysely', 'pg', '@electric-sql/*'], message: 'The client runs in the browser.' },
          { group: ['msw', 'msw/*'], message: 'msw belongs to tests and the offline preview only.' },
        ],
      }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/client/api/http.ts calls fetch.' }],
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
        patterns: [
          { group: ['**/client/**'], message: 'The server never imports the client.' },
          { group: ['react', 'react-dom', 'antd', 'antd/*', '@formily/react', '@formily/antd-v5'], message: 'The server renders no UI.' },
        ],
      }],
    },
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
