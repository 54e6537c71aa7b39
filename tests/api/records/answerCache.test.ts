/**
 * The one rule of records/cache (ADR 1028): a list page, an exact total or a getCalcdValue sum is
 * reused only while the form's write generation stays the one it was computed under, so it is
 * never stale: after every kind of write (add, edit, a value moving in or out of the filter,
 * delete, void, batch edit, import, raw SQL through the pool, TRUNCATE, a definition save, a
 * rolled-back savepoint), from another database handle, under parallel writers, per tenant; and
 * two databases in one process never share an answer. Runs on PGlite (api) and on PostgreSQL
 * (api-pg, where the writers use parallel connections and a second pool stands for a second API
 * process).
 */
import { systemReader } from '../../../src/server/records/services/dataScope.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';
import { runImport, workbook } from '../io/ioSupport.js';
import { answerCacheStats } from '../../../src/server/records/cache/answerCache.js';
import { getFormByName } from '../../../src/server/records/services/formDefinitions.js';
import { formModel, type FormModel } from '../../../src/server/records/query/formModel.js';
import { calcTotals, listRecords } from '../../../src/server/records/repositories/recordQueries.js';
import { openDatabase } from '../../../src/server/db/openDatabase.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import type { Database } from '../../../src/server/db/types.js';

let a: RecordsApp;
const FORM = 'cc_order';
const DEF = {
  enName: FORM,
  cnName: '缓存计数',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2 },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
  ],
};
// "range + equal": amount 10–20 and a title containing 甲.
const FILTER = { searchConList: [{ enName: 'amount', amount$start: 10, amount$end: 20 }, { enName: 'title', title: '甲', searchType: 'like' }] };

const list = (token: string, body: Record<string, unknown> = {}) =>
  a.call(token, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 1, exactTotal: true, ...FILTER, ...body });
const total = async (token = a.admin, body: Record<string, unknown> = {}) => {
  const r = await list(token, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.totalExact).toBe(true);
  return r.json.total as number;
};
const sums = async (token = a.admin) => {
  const r = await a.call(token, 'POST', `/api/auto/${FORM}/getCalcdValue`, { ...FILTER, calcd: { amount: { operation: ['sum', 'avg'] } } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data[0] as { sum: number; avg: number };
};
const add = async (title: string, amount: number, token = a.admin) => {
  const r = await a.call(token, 'POST', `/api/auto/${FORM}/add`, { data: { title, amount } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as number;
};
const edit = async (id: number, data: Record<string, unknown>) => {
  const cur = (await a.call(a.admin, 'GET', `/api/auto/${FORM}/${id}`)).json.data;
  const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/edit/${id}`, { formName: FORM, version: cur.version, data: { title: cur.title, amount: cur.amount, ...data } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
};
/** What the cache must answer: the same count and sums computed without it, inside a transaction (never cached). */
async function truth(db: Kysely<Database>, model: FormModel, tenantId: number) {
  return db.transaction().execute(async (trx) => ({
    total: (await listRecords(trx, model, { pageSize: 1, exactTotal: true, ...FILTER }, systemReader(tenantId))).total,
    sums: (await calcTotals(trx, model, { ...FILTER, calcd: { amount: { operation: ['sum', 'avg'] } } }, systemReader(tenantId)))[0],
  }));
}

let model: FormModel;
let tenantId: number;
/** Answers served from the cache. */
const reused = () => answerCacheStats().hits;
const table = () => sql.id(`t_${tenantId}`, FORM);

beforeAll(async () => {
  a = await recordsApp();
  for (const token of [a.admin, a.admin2]) {
    const r = await a.call(token, 'POST', '/api/flowable/form', DEF);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  tenantId = Number((await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow()).id);
  model = formModel(await getFormByName(a.db, tenantId, FORM));
  // 60 rows: amount 0..59, every third title has 甲: in the filter, amounts 12, 15, 18.
  await sql`INSERT INTO ${table()} (tenant_id, title, amount)
    SELECT ${tenantId}, CASE WHEN g % 3 = 0 THEN '甲' || g ELSE '乙' || g END, g FROM generate_series(0, 59) g`.execute(a.db);
}, 120_000);
afterAll(async () => a?.close());

describe('answer cache', () => {
  it('answers a repeated request from the cache, exact', async () => {
    expect(await total()).toBe(3);
    expect(await sums()).toEqual({ field: 'amount', sum: 45, avg: 15 });
    const before = reused();
    expect(await total()).toBe(3);
    expect(await sums()).toEqual({ field: 'amount', sum: 45, avg: 15 });
    // The list's whole answer and the sums'.
    expect(reused() - before).toBe(2);
  });

  it('is right after an add, an edit moving a record into and out of the filter, a delete and a void', async () => {
    const id = await add('甲新', 11);
    expect(await total()).toBe(4);
    expect((await sums()).sum).toBe(56);
    await edit(id, { amount: 30 });
    expect(await total()).toBe(3);
    expect((await sums()).sum).toBe(45);
    await edit(id, { amount: 19 });
    expect(await total()).toBe(4);
    // An edit inside the filter: the count stays, the sum moves (the UPDATE trigger moves the generation).
    expect((await sums()).sum).toBe(64);
    await edit(id, { amount: 20 });
    expect(await total()).toBe(4);
    expect((await sums()).sum).toBe(65);
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/invalid/`, [id])).status).toBe(200);
    expect(await total(a.admin, { sysStatus: 1 })).toBe(3);
    expect((await a.call(a.admin, 'POST', `/api/auto/${FORM}/delete`, [id])).status).toBe(200);
    expect(await total()).toBe(3);
    expect(await sums()).toEqual({ field: 'amount', sum: 45, avg: 15 });
  });

  it('is right after a batch edit and an import', async () => {
    const ids = (await sql<{ id: number }>`SELECT id FROM ${table()} WHERE amount IN (12, 15)`.execute(a.db)).rows.map((r) => Number(r.id));
    expect(await total()).toBe(3);
    const b = await a.call(a.admin, 'POST', `/api/auto/${FORM}/batchUpdate`, { ids, data: { amount: 50 } });
    expect(b.status, JSON.stringify(b.json)).toBe(200);
    expect(await total()).toBe(1);
    expect((await sums()).sum).toBe(18);
    const imp = await runImport(a, FORM, 'cc.xlsx', workbook([['标题', '金额'], ['甲导入一', 13], ['甲导入二', 14], ['乙导入', 15]]));
    expect(imp.job?.result?.imported, JSON.stringify(imp.job)).toBe(3);
    expect(await total()).toBe(3);
    expect((await sums()).sum).toBe(45);
    const b2 = await a.call(a.admin, 'POST', `/api/auto/${FORM}/batchUpdate`, { ids, data: { amount: 12 } });
    expect(b2.status).toBe(200);
    expect(await total()).toBe(5);
  });

  it('is right after raw SQL writes, TRUNCATE and a definition save, and keeps tenants apart', async () => {
    const t2 = await total(a.admin2);
    expect(t2).toBe(0);
    await sql`UPDATE ${table()} SET amount = amount + 0.5 WHERE amount = 12`.execute(a.db);
    expect(await total()).toBe(5);
    expect((await sums()).sum).toBe(70);
    expect(await total(a.admin2)).toBe(0);
    await add('甲租户二', 15, a.admin2);
    expect(await total(a.admin2)).toBe(1);
    expect(await total()).toBe(5);
    // A definition save renames or retypes columns without a row write: it moves the generation too.
    const gen = async () => (await sql<{ w: string }>`SELECT sum(w)::text AS w FROM form_row_counts WHERE form_id = ${model.form.id}`.execute(a.db)).rows[0].w;
    const g0 = await gen();
    const form = (await a.call(a.admin, 'GET', `/api/flowable/form/en/${FORM}`)).json.data;
    const saved = await a.call(a.admin, 'POST', '/api/flowable/form/edit', { ...form, cnName: '缓存计数二', confirmDataChanges: true });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(BigInt(await gen())).toBeGreaterThan(BigInt(g0));
    await sql`TRUNCATE ${table()} CASCADE`.execute(a.db);
    expect(BigInt(await gen())).toBeGreaterThan(BigInt(g0));
    expect(await total()).toBe(0);
    expect((await sums()).sum).toBe(0);
  });

  it('counts a sub-form filter and a request inside a transaction without the cache', async () => {
    await add('甲明细', 11);
    const before = answerCacheStats();
    const withSub = { searchConList: [...FILTER.searchConList, { enName: 'lines', searchRange: 'isNull' }] };
    expect(await total(a.admin, withSub)).toBe(1);
    expect(await total(a.admin, withSub)).toBe(1);
    await a.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO ${table()} (tenant_id, title, amount) VALUES (${tenantId}, '甲事务', 12)`.execute(trx);
      expect((await listRecords(trx as Kysely<Database>, model, { pageSize: 1, exactTotal: true, ...FILTER }, systemReader(tenantId))).total).toBe(2);
    });
    const after = answerCacheStats();
    expect(after.hits).toBe(before.hits);
    // Two lists with the sub-form filter (its rows have no generation) and one in the transaction.
    expect(after.uncached - before.uncached).toBe(3);
    expect(await total()).toBe(2);
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('answer cache on PostgreSQL', () => {
  it('a second pool (another API process) sees the writes of the first at once', async () => {
    const other = await openDatabase({ kind: 'postgres', url: a.database.url!, max: 3 });
    try {
      const body = { pageSize: 1, exactTotal: true, ...FILTER };
      const n0 = (await listRecords(other.db, model, body, systemReader(tenantId))).total;
      expect((await listRecords(other.db, model, body, systemReader(tenantId))).total).toBe(n0);
      await add('甲另一进程', 14);
      expect((await listRecords(other.db, model, body, systemReader(tenantId))).total).toBe(n0 + 1);
      await sql`UPDATE ${table()} SET amount = 40 WHERE title = '甲另一进程'`.execute(other.db);
      expect(await total()).toBe(n0);
      expect((await listRecords(other.db, model, body, systemReader(tenantId))).total).toBe(n0);
    } finally {
      await other.close();
    }
  });
});

describe('answer cache under parallel writers', () => {
  it('never answers less than the rows committed before the request, and ends equal to count(*)', async () => {
    const writers = 4;
    const rounds = 12;
    let stop = false;
    const reads: Promise<void>[] = [];
    // A reader: with inserts only, a stale answer would be below a count taken just before it.
    reads.push((async () => {
      while (!stop) {
        const floor = (await truth(a.db, model, tenantId)).total;
        const r = (await listRecords(a.db, model, { pageSize: 1, exactTotal: true, ...FILTER }, systemReader(tenantId))).total;
        expect(r).toBeGreaterThanOrEqual(floor);
      }
    })());
    await Promise.all(Array.from({ length: writers }, (_, w) => (async () => {
      for (let i = 0; i < rounds; i++) {
        const write = async (db: Kysely<any>) => {
          await sql`INSERT INTO ${table()} (tenant_id, title, amount) SELECT ${tenantId}, '甲并发', 10 + g FROM generate_series(1, ${1 + (i % 3)}) g`.execute(db);
        };
        if (i % 5 === 4) await a.db.transaction().execute(async (trx) => { await write(trx); throw new Error('undo'); }).catch(() => {});
        else await a.db.transaction().execute(write);
        if (w === 0) await listRecords(a.db, model, { pageSize: 1, exactTotal: true, ...FILTER }, systemReader(tenantId));
      }
    })()));
    stop = true;
    await Promise.all(reads);
    // Then updates and deletes in parallel: the cached answers equal the uncached ones at the end.
    await Promise.all(Array.from({ length: writers }, (_, w) => (async () => {
      for (let i = 0; i < rounds; i++) {
        await sql`UPDATE ${table()} SET amount = amount + 1 WHERE id = (SELECT min(id) + ${w * rounds + i} FROM ${table()})`.execute(a.db);
        if (i % 4 === 0) await sql`DELETE FROM ${table()} WHERE id = (SELECT max(id) FROM ${table()})`.execute(a.db);
        await calcTotals(a.db, model, { ...FILTER, calcd: { amount: { operation: ['sum', 'avg'] } } }, systemReader(tenantId));
      }
    })()));
    const t = await truth(a.db, model, tenantId);
    expect((await listRecords(a.db, model, { pageSize: 1, exactTotal: true, ...FILTER }, systemReader(tenantId))).total).toBe(t.total);
    expect((await calcTotals(a.db, model, { ...FILTER, calcd: { amount: { operation: ['sum', 'avg'] } } }, systemReader(tenantId)))[0]).toEqual(t.sums);
    expect(await total()).toBe(t.total);
  }, 120_000);
});

describe('page ids reused under the write generation', () => {
  const page = async (body: Record<string, unknown> = {}) => {
    const r = await a.call(a.admin, 'POST', `/api/auto/${FORM}/list`, {
      pageNum: 1, pageSize: 3, ...FILTER, sysOrderBy: { field: 'amount', order: 'desc' }, ...body,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return (r.json.rows as { title: string; amount: number }[]).map((x) => `${x.title}:${x.amount}`);
  };
  /** The same page from the one-pass query inside a transaction (never cached). */
  const truthPage = () => a.db.transaction().execute(async (trx) =>
    (await listRecords(trx, model, { pageNum: 1, pageSize: 3, ...FILTER, sysOrderBy: { field: 'amount', order: 'desc' } }, systemReader(tenantId)))
      .rows.map((x) => `${String(x.title)}:${Number(x.amount)}`));

  it('answers a repeated page from kept ids, and every write shows on the next request', async () => {
    await sql`DELETE FROM ${table()}`.execute(a.db);
    await sql`INSERT INTO ${table()} (tenant_id, title, amount) VALUES
      (${tenantId}, '甲一', 11), (${tenantId}, '甲二', 12), (${tenantId}, '甲三', 13), (${tenantId}, '甲四', 14), (${tenantId}, '乙五', 15)`.execute(a.db);
    expect(await page()).toEqual(['甲四:14', '甲三:13', '甲二:12']);
    const before = reused();
    expect(await page()).toEqual(['甲四:14', '甲三:13', '甲二:12']);
    expect(reused() - before).toBeGreaterThanOrEqual(1);
    // A field outside the filter and the sort: the kept ids, the row's new text.
    const id4 = Number((await sql<{ id: string }>`SELECT id FROM ${table()} WHERE title = '甲四'`.execute(a.db)).rows[0].id);
    await edit(id4, { title: '甲肆' });
    expect(await page()).toEqual(['甲肆:14', '甲三:13', '甲二:12']);
    // The sort key moves: the order changes.
    await edit(id4, { amount: 10.5 });
    expect(await page()).toEqual(['甲三:13', '甲二:12', '甲一:11']);
    // A record leaves the filter, another enters it.
    await sql`UPDATE ${table()} SET amount = 99 WHERE title = '甲三'`.execute(a.db);
    await sql`UPDATE ${table()} SET title = '甲五' WHERE title = '乙五'`.execute(a.db);
    expect(await page()).toEqual(['甲五:15', '甲二:12', '甲一:11']);
    await sql`DELETE FROM ${table()} WHERE title = '甲二'`.execute(a.db);
    expect(await page()).toEqual(['甲五:15', '甲一:11', '甲肆:10.5']);
    expect(await page()).toEqual(await truthPage());
    expect(await page({ pageNum: 2 })).toEqual([]);
  });

  it('gives the same pages as the uncached query under parallel writers', async () => {
    let stop = false;
    const reader = (async () => {
      while (!stop) {
        const got = await page();
        // Every answer is a consistent page: descending amounts within the filter.
        const amounts = got.map((x) => Number(x.split(':')[1]));
        expect([...amounts].sort((p, q) => q - p)).toEqual(amounts);
        expect(amounts.every((n) => n >= 10 && n <= 20)).toBe(true);
      }
    })();
    await Promise.all(Array.from({ length: 3 }, (_, w) => (async () => {
      for (let i = 0; i < 10; i++) {
        await sql`INSERT INTO ${table()} (tenant_id, title, amount) VALUES (${tenantId}, ${`甲并行${w}-${i}`}, ${10 + ((w * 10 + i) % 11)})`.execute(a.db);
        if (i % 3 === 2) await sql`DELETE FROM ${table()} WHERE id = (SELECT max(id) FROM ${table()})`.execute(a.db);
      }
    })()));
    stop = true;
    await reader;
    expect(await page()).toEqual(await truthPage());
  }, 120_000);
});

describe('the one rule on both databases', () => {
  const body = { pageSize: 5, exactTotal: true, ...FILTER };
  const uncached = () => a.db.transaction().execute((trx) => listRecords(trx, model, body, systemReader(tenantId)));

  it('gives each caller its own copy, and shows a raw write through the pool and a committed savepoint at once', async () => {
    const first = await listRecords(a.db, model, body, systemReader(tenantId));
    const before = reused();
    expect(await listRecords(a.db, model, body, systemReader(tenantId))).toEqual(first);
    expect(reused() - before).toBe(1);
    const mine = await listRecords(a.db, model, body, systemReader(tenantId));
    mine.rows.length = 0;
    expect(await listRecords(a.db, model, body, systemReader(tenantId))).toEqual(first);
    // Straight through the driver's pool, not Kysely: the trigger moves the generation all the same.
    await a.database.pool.query(`INSERT INTO "t_${tenantId}"."${FORM}" (tenant_id, title, amount) VALUES ($1, '甲直写', 15)`, [tenantId]);
    const after = await listRecords(a.db, model, body, systemReader(tenantId));
    expect(after.total).toBe(first.total + 1);
    expect(after).toEqual(await uncached());
  });

  it('ignores a write rolled back to a savepoint and sees the rest of the transaction', async () => {
    const first = await listRecords(a.db, model, body, systemReader(tenantId));
    await a.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO ${table()} (tenant_id, title, amount) VALUES (${tenantId}, '甲保存点一', 16)`.execute(trx);
      await sql`SAVEPOINT s1`.execute(trx);
      await sql`INSERT INTO ${table()} (tenant_id, title, amount) VALUES (${tenantId}, '甲保存点二', 17)`.execute(trx);
      await sql`ROLLBACK TO SAVEPOINT s1`.execute(trx);
    });
    const after = await listRecords(a.db, model, body, systemReader(tenantId));
    expect(after.total).toBe(first.total + 1);
    expect(after).toEqual(await uncached());
    // A transaction rolled back whole: the next answer is the same as before it.
    await a.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM ${table()}`.execute(trx);
      throw new Error('undo');
    }).catch(() => {});
    expect(await listRecords(a.db, model, body, systemReader(tenantId))).toEqual(after);
  });

  it('uses, but does not keep, an answer computed while a write committed', async () => {
    const calc = (op: string) => calcTotals(a.db, model, { ...FILTER, calcd: { amount: { operation: [op] } } }, systemReader(tenantId));
    const sums0 = await calc('sum');
    await Promise.all([calc('avg'), sql`UPDATE ${table()} SET amount = 18 WHERE title = '甲直写'`.execute(a.db)]);
    expect((await calc('sum'))[0].sum).toBe((sums0[0].sum as number) + 3);
    expect(await calc('avg')).toEqual(await a.db.transaction().execute((trx) =>
      calcTotals(trx, model, { ...FILTER, calcd: { amount: { operation: ['avg'] } } }, systemReader(tenantId))));
  });
});

describe('two databases in one process', () => {
  it('never share an answer, though tenant, form, SQL and even the generation may be equal', async () => {
    const b = await recordsApp();
    try {
      const r = await b.call(b.admin, 'POST', '/api/flowable/form', DEF);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const bModel = formModel(await getFormByName(b.db, tenantId, FORM));
      const bTable = sql.id(`t_${tenantId}`, FORM);
      await sql`INSERT INTO ${bTable} (tenant_id, title, amount) VALUES (${tenantId}, '甲乙库', 12)`.execute(b.db);
      const bodyB = { pageSize: 5, exactTotal: true, ...FILTER };
      const inA = await listRecords(a.db, model, bodyB, systemReader(tenantId));
      const inB = await listRecords(b.db, bModel, bodyB, systemReader(tenantId));
      expect(inB.total).toBe(1);
      expect(inB.rows.map((x) => x.title)).toEqual(['甲乙库']);
      // Asked again, alternately: each database keeps its own answer.
      for (let i = 0; i < 2; i++) {
        expect(await listRecords(a.db, model, bodyB, systemReader(tenantId))).toEqual(inA);
        expect(await listRecords(b.db, bModel, bodyB, systemReader(tenantId))).toEqual(inB);
      }
      // The model cache too: a list through b's API reads b's definition.
      const viaApi = await b.call(b.admin, 'POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 5, exactTotal: true, ...FILTER });
      expect(viaApi.json.total).toBe(1);
      const sumsB = await b.call(b.admin, 'POST', `/api/auto/${FORM}/getCalcdValue`, { ...FILTER, calcd: { amount: { operation: ['sum'] } } });
      expect(sumsB.json.data[0].sum).toBe(12);
    } finally {
      await b.close();
    }
  }, 120_000);
});
