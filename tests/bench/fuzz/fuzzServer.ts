// The server the fuzz run attacks, in a process of its own so its memory is its own: a fresh,
// migrated and seeded database (PGlite in memory, or with FORMWORK_TEST_DB=postgres a randomly
// named database on TEST_DATABASE_URL, dropped on exit), listening on 127.0.0.1. Error logs
// (500s with their stacks) go to stdout as pino JSON; the line `FUZZ_READY {…}` says where to aim.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { filesConfig } from '../../../src/server/files/filesConfig.js';
import { localFileStore } from '../../../src/server/files/localFileStore.js';
import { runSeed } from '../../../src/server/services/seed/index.js';
import { createTestDatabase } from '../../api/support/testDatabase.js';
import { TEST_PASSWORD, testConfig } from '../../api/support/testServer.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formwork-fuzz-'));
const config = testConfig({ dataDir, logLevel: 'error' });
const database = await createTestDatabase();
await migrate(database.db);
await runSeed(database.db, { adminPassword: config.adminPassword, files: localFileStore(filesConfig(config).rootDir) });
const app = await buildApp({ config, database, logger: { level: 'error' } });
const url = await app.listen({ host: '127.0.0.1', port: 0 });

async function login(tenantCode: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD, tenantCode }) });
  return ((await res.json()) as { token: string }).token;
}

process.stdout.write(`FUZZ_READY ${JSON.stringify({ url, admin: await login('DEFAULT'), admin2: await login('T2') })}\n`);

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  void (async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
