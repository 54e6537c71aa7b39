/**
 * The import's COPY on PostgreSQL (ADR 0810): every column kind a form stores, with the characters
 * COPY's text format gives a meaning to, comes back exactly as the same values written by a
 * multi-row INSERT with bound parameters (the PGlite path, and the import's path before COPY).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDatabase } from '../../../src/server/db/clientDatabase.js';
import { insertMainRows } from '../../../src/server/records/repositories/importWrites.js';
import { loadModel } from '../../../src/server/records/services/recordContext.js';
import type { PlainValue } from '../../../src/server/records/write/coerceRow.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { testDatabaseKind } from '../support/testDatabase.js';
import { fieldRows, runImport, workbook } from './ioSupport.js';

const FORM = {
  enName: 'io_enc',
  cnName: '编码',
  fields: [
    { enName: 'txt', label: '文本', funcType: 'input' },
    { enName: 'amt', label: '金额', funcType: 'number', precision: 4 },
    { enName: 'ok', label: '是否', funcType: 'switch' },
    { enName: 'day', label: '日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
    { enName: 'at', label: '时间', funcType: 'dateStamp', format: 'yyyy-MM-dd HH:mm:ss' },
    { enName: 'one', label: '单选', funcType: 'select', options: [{ label: '甲', value: 'a' }] },
    { enName: 'many', label: '多选', funcType: 'select', multiple: true, options: [{ label: '甲', value: 'a' }] },
  ],
};

/** Texts with every character COPY's text format escapes, and look-alikes of its markers. */
const TEXTS = [
  'tab\there', 'line\nbreak', 'cr\rlf\r\n', 'back\\slash', '\\N', '\\.', 'ends with \\', '"quoted" \'single\'',
  '中文：系统管理员，钢筋采购', '😀 emoji', '  spaces  ', ',comma;semi|pipe',
];

let a: RecordsApp;
beforeAll(async () => {
  a = await recordsApp();
  const r = await a.call(a.admin, 'POST', '/api/flowable/form', FORM);
  if (r.status !== 200) throw new Error(JSON.stringify(r.json));
});
afterAll(async () => {
  await a?.close();
});

describe.runIf(testDatabaseKind() === 'postgres')('import by COPY on PostgreSQL', () => {
  it('stores every column kind exactly as a bound INSERT does', async () => {
    const tenant = await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
    const model = await loadModel(a.db, tenant.id, 'io_enc');
    const col = (key: string) => model.main.byKey.get(key)!.name;
    const rows = TEXTS.map((t, i): Map<string, PlainValue> => new Map<string, PlainValue>([
      [col('txt'), t],
      [col('amt'), ['0', '-12.5', '123456789012345.1234', '1e3'][i % 4]],
      [col('ok'), i % 3 === 2 ? null : i % 2 === 0],
      [col('day'), `2026-0${1 + (i % 9)}-1${i % 10}`],
      [col('at'), `2026-03-01 0${i % 10}:30:4${i % 10}`],
      [col('one'), JSON.stringify({ label: t, nested: [t, i, null, true] })],
      [col('many'), JSON.stringify([t, `${t}\u0001`, 'a\\"b', i])],
      [col('one$view'), i % 4 === 0 ? null : t],
    ]));
    // A row without a column the others set: NULL, as the INSERT's DEFAULT gives it.
    rows.push(new Map<string, PlainValue>([[col('txt'), '只有文本']]));
    const meta = { tenantId: tenant.id, userId: 1, userName: 'ad\tmin\\', deptId: null };
    const own = await clientDatabase(a.database.url!);
    try {
      await own.db.transaction().execute(async (trx) => {
        await insertMainRows({ trx, copy: own.client }, model, rows, meta, 1);
        await insertMainRows({ trx, copy: null }, model, rows, meta, 1);
      });
    } finally {
      await own.close();
    }
    const table = sql.id(model.schema, model.main.table.name);
    const stored = await sql<{ r: Record<string, unknown> }>`SELECT to_jsonb(t) - 'id' - 'create_time' - 'update_time' AS r FROM ${table} t ORDER BY id`.execute(a.db);
    const copied = stored.rows.slice(0, rows.length).map((x) => x.r);
    const inserted = stored.rows.slice(rows.length).map((x) => x.r);
    expect(copied).toHaveLength(rows.length);
    expect(copied).toEqual(inserted);
    expect(copied.map((r) => r[col('txt')])).toEqual([...TEXTS, '只有文本']);
    expect(copied.map((r) => r[col('many')])[2]).toEqual(['cr\rlf\r\n', 'cr\rlf\r\n\u0001', 'a\\"b', 2]);
    // One select value is a text column (ADR 1010): the JSON text arrives byte for byte.
    expect(JSON.parse(copied[3][col('one')] as string)).toEqual({ label: 'back\\slash', nested: ['back\\slash', 3, null, true] });
    expect(copied[2][col('ok')]).toBeNull();
    expect(copied[0][col('one$view')]).toBeNull();
    expect(copied[rows.length - 1][col('amt')]).toBeNull();
    expect(copied[0].create_by).toBe('ad\tmin\\');
  });

  it('imports a workbook whose cells hold tabs, line breaks and backslashes unchanged', async () => {
    await a.call(a.admin, 'POST', '/api/flowable/form', { ...FORM, enName: 'io_enc2' });
    // A carriage return is left out: SheetJS writes it as `_x000D_`, which exceljs's reader keeps as is.
    const texts = TEXTS.filter((t) => !t.includes('\r'));
    const file = workbook([['文本', '金额', '多选'], ...texts.map((t, i) => [t, i + 0.25, '甲'])]);
    const done = await runImport(a, 'io_enc2', 'enc.xlsx', file);
    expect(done.job.result).toMatchObject({ success: true, imported: texts.length });
    const rows = await fieldRows(a, 'io_enc2', ['txt', 'amt', 'many', 'many$view']);
    // The import trims each cell (cellText), as it did before COPY.
    expect(rows).toEqual(texts.map((t, i) => ({ txt: t.trim(), amt: i + 0.25, many: ['a'], many$view: '甲' })));
  });

  it('reads and converts in the worker thread with the same result, and a bad row still refuses everything', async () => {
    process.env.IMPORT_WORKER_BYTES = '0';
    try {
      await a.call(a.admin, 'POST', '/api/flowable/form', { ...FORM, enName: 'io_enc3' });
      const texts = TEXTS.filter((t) => !t.includes('\r'));
      const file = workbook([['文本', '金额', '多选', '日期'], ...texts.map((t, i) => [t, i + 0.25, '甲', '2026-05-0' + (1 + (i % 9))])]);
      const parsed = await runImport(a, 'io_enc3', 'enc.xlsx', file, true);
      expect(parsed.job.result).toMatchObject({ success: true, total: texts.length, imported: 0, columns: ['文本', '金额', '多选', '日期'] });
      expect(parsed.job.result.preview[0]).toEqual([texts[0], '0.25', '甲', '2026-05-01']);
      const done = await runImport(a, 'io_enc3', 'enc.xlsx', file);
      expect(done.job.result).toMatchObject({ success: true, imported: texts.length, msg: `成功导入 ${texts.length} 条数据` });
      expect(await fieldRows(a, 'io_enc3', ['txt', 'amt', 'many', 'day'])).toEqual(texts.map((t, i) => ({ txt: t.trim(), amt: i + 0.25, many: ['a'], day: '2026-05-0' + (1 + (i % 9)) })));
      // A bad cell in the last row: nothing goes in and the report names the row.
      const bad = workbook([['文本', '金额'], ...Array.from({ length: 2500 }, (_, i) => [`行${i}`, i]), ['坏行', '不是数字']]);
      const refused = await runImport(a, 'io_enc3', 'bad.xlsx', bad);
      expect(refused.job.result).toMatchObject({ success: false, imported: 0, total: 2501, problemCount: 1 });
      expect(refused.job.result.problems[0]).toMatchObject({ row: 2502, column: '金额', value: '不是数字' });
      expect(await fieldRows(a, 'io_enc3', ['txt'])).toHaveLength(texts.length);
    } finally {
      delete process.env.IMPORT_WORKER_BYTES;
    }
  });
});
