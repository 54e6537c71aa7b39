import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { batchedPgConfig, isReadOnlyStatement, WriteCounter } from './pgliteConnection.js';

describe('isReadOnlyStatement', () => {
  it('takes selects, transaction control and EXPLAIN as reads', () => {
    for (const s of ['SELECT 1', ' select "update_time", create_by from t', 'WITH x AS (SELECT 1) SELECT * FROM x', 'BEGIN', 'commit', 'ROLLBACK',
      'EXPLAIN (FORMAT JSON) SELECT 1', 'SELECT pg_advisory_xact_lock(hashtext($1))']) expect(isReadOnlyStatement(s), s).toBe(true);
  });
  it('takes every write, a data-modifying CTE and anything it does not know as a write', () => {
    for (const s of ['insert into "users" values (1)', 'UPDATE login_tokens SET revoked_time = now()', 'delete from roles',
      'WITH d AS (DELETE FROM user_roles RETURNING 1) SELECT count(*) FROM d', 'SELECT * FROM users FOR UPDATE', 'TRUNCATE tenants',
      'SET search_path TO t_1', 'CREATE TABLE x (a int)', 'VACUUM (ANALYZE) t', 'SELECT setval($1, 5)', 'DO $$ BEGIN END $$']) expect(isReadOnlyStatement(s), s).toBe(false);
  });
});

describe('the batched PGlite pool', () => {
  it('answers each query after an error in the same exchange, rolls back a dropped client\'s transaction, and counts writes', async () => {
    const lite = await PGlite.create('memory://');
    const writes = new WriteCounter();
    const pool = new pg.Pool(batchedPgConfig(lite, writes));
    try {
      await pool.query('CREATE TABLE n (v int)');
      expect(writes.count).toBe(1);
      await expect(pool.query('SELECT nope FROM nowhere WHERE x = $1', [1])).rejects.toThrow('relation "nowhere" does not exist');
      expect((await pool.query('SELECT $1::int + 1 AS v', [41])).rows).toEqual([{ v: 42 }]);
      expect((await pool.query({ name: 'named', text: 'SELECT $1::int AS v', values: [7] })).rows).toEqual([{ v: 7 }]);
      await expect(pool.query({ name: 'named', text: 'SELECT $1::int AS v', values: ['x'] })).rejects.toThrow('invalid input syntax');
      // The dropped client's named statement went with it; the new client prepares it again.
      expect((await pool.query({ name: 'named', text: 'SELECT $1::int AS v', values: [8] })).rows).toEqual([{ v: 8 }]);
      const client = await pool.connect();
      await client.query('BEGIN');
      await client.query('INSERT INTO n VALUES ($1)', [1]);
      client.release(new Error('dropped'));
      expect((await pool.query('SELECT count(*)::int AS c FROM n')).rows).toEqual([{ c: 0 }]);
      expect(writes.count).toBe(2);
    } finally {
      await pool.end();
      await lite.close();
    }
  }, 120_000);
});
