/** Entry for `npm start`: config → database → migrations → seed → app → listen; graceful shutdown. */
import { loadConfig } from './config.js';
import { openDatabase, openOptionsFromConfig, type AppDatabase } from './db/openDatabase.js';
import { DataDirLockedError } from './db/lockFile.js';
import { migrate } from './db/migrate.js';
import { runSeed } from './services/seed/index.js';
import { servedSeedSteps } from './services/seed/steps.js';
import { buildApp } from './app.js';
import { pruneSessions } from './repositories/sessionRepository.js';
import { fileStoreFor } from './files/openFileStore.js';
import { pruneAddKeys } from './records/repositories/addKeys.js';

/** How long a shutdown waits for requests under way (SHUTDOWN_GRACE_MS, default 25 s, under Docker's and Kubernetes' 30 s). */
function shutdownGraceMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.SHUTDOWN_GRACE_MS);
  return Number.isFinite(n) && n > 0 ? n : 25_000;
}

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
    await runSeed(database.db, { adminPassword: config.adminPassword, log: (msg) => app.log.info(msg), files: await fileStoreFor(config), steps: servedSeedSteps() });
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
    // Requests under way finish; a keep-alive connection that turns idle after its last answer
    // would hold close() open until its timeout (72 s), so idle ones are closed as they appear,
    // and whatever is still open after SHUTDOWN_GRACE_MS is cut.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    const deadline = setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs(process.env));
    try {
      await app.close();
    } finally {
      clearInterval(sweep);
      clearTimeout(deadline);
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
