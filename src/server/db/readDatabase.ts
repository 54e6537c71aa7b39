/**
 * The optional read pool (DATABASE_READ_URL, a streaming replica): the records list and totals
 * queries — the heaviest reads — run there; every write, and every read that must see the
 * caller's own write at once (detail after save, list/ids, permission and model lookups), stays
 * on the primary. A replica lags by its replication delay, so a list may miss a record saved a
 * moment ago (docs/deployment.md). Its connections carry application_name `formwork-read`.
 */
import type { Kysely } from 'kysely';
import { connectPostgres } from './openDatabase.js';
import { installTypeParsers } from './typeParsers.js';
import type { Database } from './types.js';

export const READ_APPLICATION_NAME = 'formwork-read';

export interface ReadDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Opens the read pool and checks it answers; a bad URL stops the start with a clear message. */
export async function openReadDatabase(url: string, max = 10): Promise<ReadDatabase> {
  installTypeParsers();
  const { db } = await connectPostgres({ connectionString: url, max, application_name: READ_APPLICATION_NAME }, 'DATABASE_READ_URL');
  return { db, close: () => db.destroy() };
}
