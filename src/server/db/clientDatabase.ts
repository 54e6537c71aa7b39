/**
 * One PostgreSQL connection of its own with a Kysely instance over it: for work that needs the
 * raw client of its transaction (the import's COPY, ADR 0810) beside Kysely's queries. Every
 * query of the instance goes through this one client, in order.
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './types.js';

export interface ClientDatabase {
  db: Kysely<Database>;
  client: pg.Client;
  close(): Promise<void>;
}

/** Connects to `url`; `close` ends the connection (an open transaction is rolled back by the server). */
export async function clientDatabase(url: string): Promise<ClientDatabase> {
  const client = new pg.Client({ connectionString: url });
  // An error of a broken connection also rejects the query that meets it; this keeps the
  // 'error' event from ending the process.
  client.on('error', () => {});
  await client.connect();
  const lease = { query: client.query.bind(client), release() {} };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => lease as unknown as pg.PoolClient, end: async () => {} } }),
  });
  let closed = false;
  return {
    db,
    client,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy().catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
