import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { batchedPgConfig, mayChangeMeaning, PREPARED_MAX } from './pgliteConnection.js';

describe('the batched PGlite pool', () => {
  it('answers each query after an error in the same exchange, rolls back a dropped client\'s transaction', async () => {
    const lite = await PGlite.create('memory://');
    const pool = new pg.Pool(batchedPgConfig(lite));
    try {
      await pool.query('CREATE TABLE n (v int)');
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
    } finally {
      await pool.end();
      await lite.close();
    }
  }, 120_000);

  it('keeps a statement sent twice and answers it after the table changes under it, a rollback of DDL included', async () => {
    const lite = await PGlite.create('memory://');
    const pool = new pg.Pool(batchedPgConfig(lite));
    const select = (v: number) => pool.query('SELECT * FROM k WHERE a = $1', [v]).then((r) => r.rows);
    const kept = async () => (await pool.query('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0].n as number;
    try {
      await pool.query('CREATE TABLE k (a int)');
      await pool.query('INSERT INTO k VALUES (1), (2)');
      expect(await select(1)).toEqual([{ a: 1 }]);
      expect(await select(2)).toEqual([{ a: 2 }]);
      expect(await select(1)).toEqual([{ a: 1 }]);
      expect(await kept()).toBeGreaterThan(0);
      // The kept statement's result gains a column: the engine would refuse to re-analyse it (0A000).
      await pool.query('ALTER TABLE k ADD COLUMN b int DEFAULT 5');
      expect(await select(1)).toEqual([{ a: 1, b: 5 }]);
      expect(await select(1)).toEqual([{ a: 1, b: 5 }]);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('ALTER TABLE k ADD COLUMN c int DEFAULT 7');
        for (let i = 0; i < 3; i++) expect((await client.query('SELECT * FROM k WHERE a = $1', [2])).rows).toEqual([{ a: 2, b: 5, c: 7 }]);
        await client.query('ROLLBACK');
        expect((await client.query('SELECT * FROM k WHERE a = $1', [2])).rows).toEqual([{ a: 2, b: 5 }]);
        // A statement sent in an aborted transaction is not kept (its Parse never ran).
        await client.query('BEGIN');
        await expect(client.query('SELECT nope FROM k')).rejects.toThrow('column "nope" does not exist');
        for (let i = 0; i < 2; i++) await expect(client.query('SELECT a + $1 AS v FROM k WHERE a = 1', [1])).rejects.toThrow('current transaction is aborted');
        await client.query('ROLLBACK');
        for (let i = 0; i < 3; i++) expect((await client.query('SELECT a + $1 AS v FROM k WHERE a = 1', [i])).rows).toEqual([{ v: 1 + i }]);
        // Every execution is planned with its values, as an unnamed statement is.
        expect((await client.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
      } finally {
        client.release();
      }
      // The kept statements are bounded; each text still gets its own answer.
      for (let i = 0; i < PREPARED_MAX + 40; i++) {
        for (let j = 0; j < 2; j++) expect((await pool.query(`SELECT $1::int + ${i} AS v`, [j])).rows).toEqual([{ v: i + j }]);
      }
      expect(await kept()).toBeLessThanOrEqual(PREPARED_MAX + 1);
      // After DISCARD ALL (plan mode and statements gone) every statement is parsed as it comes.
      await pool.query('DISCARD ALL');
      for (let i = 0; i < 3; i++) expect(await select(2)).toEqual([{ a: 2, b: 5 }]);
      expect(await kept()).toBe(0);
    } finally {
      await pool.end();
      await lite.close();
    }
  }, 120_000);
});

describe('mayChangeMeaning', () => {
  it('passes plain reads, row writes and transaction control, and stops at DDL, SET, ROLLBACK and the like', () => {
    for (const s of ['SELECT * FROM t WHERE create_time > $1', 'update t set a = 1', 'INSERT INTO t VALUES (1)', 'BEGIN', 'COMMIT', 'with x as (select 1) select * from x',
      'DELETE FROM t']) expect(mayChangeMeaning(s), s).toBe(false);
    for (const s of ['ALTER TABLE t ADD COLUMN b int', 'CREATE INDEX i ON t (a)', 'DROP TABLE t', 'SET search_path TO x', 'SET LOCAL ROLE r', 'ROLLBACK',
      'ROLLBACK TO SAVEPOINT s', "SELECT set_config('search_path', 'x', true)", 'DEALLOCATE ALL', 'DISCARD ALL', 'DO $$ BEGIN END $$', 'TRUNCATE t',
      'select 1; create table y (a int)']) expect(mayChangeMeaning(s), s).toBe(true);
  });
});
