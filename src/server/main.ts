/** Entry for `npm start`: config → database → migrations → seed → app → listen; graceful shutdown. */
import { loadConfig } from './config.js';
import { openDatabase, openOptionsFromConfig, type AppDatabase } from './db/openDatabase.js';
import { DataDirLockedError } from './db/lockFile.js';
import { migrate } from './db/migrate.js';
import { runSeed } from './services/seed/index.js';
import { buildApp } from './app.js';
import { pruneSessions } from './repositories/sessionRepository.js';
import { filesConfig } from './files/filesConfig.js';
import { localFileStore } from './files/localFileStore.js';
import { pruneAddKeys } from './records/repositories/addKeys.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let database: AppDatabase;
  try {
    database = await openDatabase(openOptionsFromConfig(config));
  } catch (err) {
    console.error(err instanceof DataDirLockedError ? err.message : `Cannot open the database: ${(err as Error).message}`);
    process.exit(1);
  }
  const app = await buildApp({ config, database });
  try {
    const applied = await migrate(database.db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    await runSeed(database.db, { adminPassword: config.adminPassword, log: (msg) => app.log.info(msg), files: localFileStore(filesConfig(config).rootDir) });
    const pruned = await pruneSessions(database.db);
    if (pruned.tokens || pruned.attempts) app.log.info(pruned, 'old sign-in tokens and attempts removed');
    const addKeys = await pruneAddKeys(database.db);
    if (addKeys) app.log.info({ addKeys }, 'old idempotency keys of add removed');
  } catch (err) {
    app.log.error({ err }, 'database preparation failed');
    await database.close();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info({ address }, `Formwork is running on ${address} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
  } catch (err) {
    app.log.error({ err }, 'cannot listen');
    await database.close();
    process.exit(1);
  }
}

void main();
