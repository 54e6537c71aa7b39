/**
 * Vitest global setup of the projects that start test apps (api, api-pg, browser): builds the
 * run's seeded template (seededTemplate.ts) once, before the workers start, so parallel test files
 * do not each build it at the same moment.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { seededPglite, seededPostgres } from './seededTemplate.js';
import { TEST_PASSWORD } from './testServer.js';

export default async function setup(project: TestProject): Promise<void> {
  // The template's users get the project's password cost (BCRYPT_COST, vite.config.ts): globalSetup
  // runs in vitest's own process, where the project's `env` is not applied.
  const cost = project.config.env?.BCRYPT_COST;
  if (cost) process.env.BCRYPT_COST = String(cost);
  if (project.config.env?.FORMWORK_TEST_DB !== 'postgres') {
    await seededPglite(TEST_PASSWORD);
    return;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) await seededPostgres(TEST_PASSWORD, url, (u) => openDatabase({ kind: 'postgres', url: u, max: 5 }));
}
