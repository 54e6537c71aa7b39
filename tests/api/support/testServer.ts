/**
 * Test apps on a fresh, migrated and seeded database (see testDatabase.ts for which engine).
 * `createTestApp()` for `app.inject`; `startTestServer()` for a real server on 127.0.0.1.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig, type AppConfig } from '../../../src/server/config.js';
import { migrate } from '../../../src/server/db/migrate.js';
import type { AppDatabase } from '../../../src/server/db/openDatabase.js';
import type { Database } from '../../../src/server/db/types.js';
import { runSeed } from '../../../src/server/services/seed/index.js';
import { fileStoreFor } from '../../../src/server/files/openFileStore.js';
import { createSeededTestDatabase, createTestDatabase } from './testDatabase.js';

export const TEST_PASSWORD = 'admin123';

/**
 * Apps created and not yet closed. The API projects run many files in one worker (no isolation),
 * so an app a file forgets to close would keep its database, timers and job runner alive for
 * every later file of that worker: closeLeftApps.ts closes them after each file.
 */
const openApps = new Set<TestApp>();

/** Closes every test app still open (the API projects' after-file safety net). */
export async function closeOpenApps(): Promise<number> {
  const left = [...openApps];
  for (const t of left) await t.close().catch(() => undefined);
  return left.length;
}

export interface TestAppOptions {
  /** Run the demo seed (default true). */
  seed?: boolean;
  /** Overrides of the configuration (clientDir defaults to a folder without a built client). */
  config?: Partial<AppConfig>;
  /** A fake clock for time-limited rules (SMS codes). */
  now?: () => Date;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  database: AppDatabase;
  config: AppConfig;
  /** Signs in through POST /api/login and returns the token (throws on failure). */
  login(tenantCode?: string, userName?: string, password?: string): Promise<string>;
  /** app.inject with a bearer token and JSON body. */
  request(opts: { method: string; url: string; token?: string | null; body?: unknown; query?: Record<string, string> }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A configuration for tests: the seed password, no client, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({}), adminPassword: TEST_PASSWORD, clientDir: '/nonexistent-client', logLevel: 'silent', ...overrides };
}

/**
 * The app's database, migrated and (by default) seeded. A seeded one is a copy of the run's seeded
 * template (seededTemplate.ts) when the demo files go to the local store in `config.dataDir`; with
 * another file store (FILE_STORE, FILES_DIR) the seed runs here and writes them there.
 */
async function openSeededOrEmpty(config: AppConfig, seed: boolean): Promise<AppDatabase> {
  if (seed && !process.env.FILE_STORE && !process.env.FILES_DIR) {
    const { database, filesDir } = await createSeededTestDatabase(config.adminPassword);
    cpSync(filesDir, join(config.dataDir, 'files'), { recursive: true });
    return database;
  }
  const database = await createTestDatabase();
  try {
    await migrate(database.db);
    // Demo files go to the same store the app's upload and download routes use.
    if (seed) await runSeed(database.db, { adminPassword: config.adminPassword, files: await fileStoreFor(config) });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** A migrated (and by default seeded) database with the app built on it, not listening. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Files the app writes (uploads) go to a folder of this test app unless the test names one.
  const ownDataDir = options.config?.dataDir ? null : mkdtempSync(join(tmpdir(), 'formwork-test-data-'));
  const config = testConfig({ ...(ownDataDir ? { dataDir: ownDataDir } : {}), ...options.config });
  const database = await openSeededOrEmpty(config, options.seed !== false);
  const app = await buildApp({ config, database, logger: false, now: options.now });
  await app.ready();
  const request: TestApp['request'] = ({ method, url, token, body, query }) =>
    app.inject({
      method: method as any,
      url,
      query,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined ? { payload: body as any } : {}),
    });
  const t: TestApp = {
    app,
    db: database.db,
    database,
    config,
    request,
    async login(tenantCode = 'DEFAULT', userName = 'admin', password = TEST_PASSWORD) {
      const res = await request({ method: 'POST', url: '/api/login', body: { username: userName, password, tenantCode } });
      const json = res.json();
      if (res.statusCode !== 200 || !json.token) throw new Error(`login ${tenantCode}/${userName} failed: ${res.statusCode} ${res.body}`);
      return json.token as string;
    },
    async close() {
      openApps.delete(t);
      await app.close();
      await database.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
  openApps.add(t);
  return t;
}

export interface TestServer extends TestApp {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
}

/** A real listening server on 127.0.0.1 and a random port, on a fresh seeded database. */
export async function startTestServer(options: TestAppOptions = {}): Promise<TestServer> {
  const t = await createTestApp(options);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...t, url: address };
}
