import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './openDatabase.js';

describe('openDatabase on PGlite', () => {
  // A commit crossing into a new WAL segment zero-filled 16 MB on the API's thread first (0.5–5 s
  // during which every tenant waited: ADR 1074); the setting must hold for the whole session.
  it('creates WAL segments without zero-filling them, also after DISCARD ALL, and commits across a segment', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const show = async () => (await sql<{ wal_init_zero: string }>`SHOW wal_init_zero`.execute(database.db)).rows[0].wal_init_zero;
      expect(await show()).toBe('off');
      await sql`DISCARD ALL`.execute(database.db);
      expect(await show()).toBe('off');
      const segment = async () => (await sql<{ f: string }>`SELECT pg_walfile_name(pg_current_wal_lsn()) AS f`.execute(database.db)).rows[0].f;
      const first = await segment();
      await sql`CREATE TABLE w (v text)`.execute(database.db);
      let rows = 0;
      while (await segment() === first) {
        await sql`INSERT INTO w SELECT repeat('x', 1000) FROM generate_series(1, 2000)`.execute(database.db);
        rows += 2000;
      }
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM w`.execute(database.db)).rows[0].n).toBe(rows);
    } finally {
      await database.close();
    }
  }, 120_000);
});
