/**
 * Issue 26 items 1 and 2 (docs/security.md): a tenant's `$sql` condition cannot see the catalogue
 * through a form named like a catalogue relation, cannot name or count another tenant's objects,
 * and cannot build a value far larger than itself (the resource bombs of the attack run). Each is
 * refused with a Chinese 400 when the definition is saved and again when a definition stored
 * without the check runs; the other tenant's requests keep working.
 * Runs on PGlite (project api) and PostgreSQL (project api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { forgetModel } from '../../../src/server/records/cache/modelCache.js';
import { sqlSandbox } from '../../../src/server/records/services/sqlSandbox.js';
import { MAX_PARAM_LENGTH } from '../../../src/server/db/sqlGuard/index.js';
import { testDatabaseKind } from '../support/testDatabase.js';

const onPostgres = testDatabaseKind() === 'postgres';

let a: RecordsApp;
let tenant1: number;
let tenant2: number;

const CATALOGUE = ['pg_class', 'pg_views', 'pg_roles', 'pg_settings', 'pg_namespace', 'pg_stat_user_tables', 'pg_stat_activity'];

const FORM = {
  enName: 'iso_form',
  cnName: '隔离样例',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'amount', label: '金额', funcType: 'number' },
    { enName: 'flag', label: '标记', funcType: 'input', hideCondition: '$sql(SELECT count(*) FROM iso_form WHERE title = ${title})' },
    { enName: 'probe', label: '探针', funcType: 'input' },
  ],
};
const withProbe = (cond: string) => ({ ...FORM, fields: [...FORM.fields.slice(0, 3), { ...FORM.fields[3], hideCondition: cond }] });
const hide = (token: string, field: string, data: unknown = {}) =>
  a.call(token, 'POST', `/api/auto/iso_form/${field}/hide`, { formName: 'iso_form', fieldName: field, data });
const save = (cond: string) => a.call(a.admin, 'POST', '/api/flowable/form/import', [withProbe(`$sql(${cond})`)]);

/** Stores the probe's condition as a definition saved before these checks existed would be. */
async function storeUnchecked(cond: string): Promise<void> {
  const row = await a.db.selectFrom('form_definitions' as any).select(['definition' as any]).where('tenant_id' as any, '=', tenant1).where('en_name' as any, '=', 'iso_form').executeTakeFirstOrThrow() as { definition: any };
  const def = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
  def.fields.find((f: any) => f.enName === 'probe').hideCondition = cond;
  await a.db.updateTable('form_definitions' as any).set({ definition: JSON.stringify(def) } as any).where('tenant_id' as any, '=', tenant1).where('en_name' as any, '=', 'iso_form').execute();
  forgetModel(tenant1, 'iso_form');
}

/** The other tenant's list and its own `$sql` condition still answer. */
async function otherTenantFine(): Promise<void> {
  expect((await a.call(a.admin2, 'POST', '/api/auto/iso_form/list', {})).status).toBe(200);
  expect((await hide(a.admin2, 'flag', { title: '第二租户' })).json.data).toBe(1);
}

beforeAll(async () => {
  a = await recordsApp();
  for (const token of [a.admin, a.admin2]) {
    const r = await a.call(token, 'POST', '/api/flowable/form', FORM);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  await a.call(a.admin, 'POST', '/api/auto/iso_form/add', { data: { title: '默认租户', amount: 10 } });
  await a.call(a.admin2, 'POST', '/api/auto/iso_form/add', { data: { title: '第二租户', amount: 20 } });
  const tenants = await a.db.selectFrom('tenants').select(['id', 'code']).execute();
  tenant1 = tenants.find((t) => t.code === 'DEFAULT')!.id;
  tenant2 = tenants.find((t) => t.code === 'T2')!.id;
  expect((await hide(a.admin, 'flag', { title: '默认租户' })).json.data).toBe(1);
  expect((await hide(a.admin2, 'flag', { title: '第二租户' })).json.data).toBe(1);
}, 120_000);
afterAll(async () => a?.close());

describe('item 1: the catalogue is not the tenant\'s', () => {
  it('refuses forms and fields whose English name starts with pg_, in the designer\'s save and the import', async () => {
    for (const name of CATALOGUE) {
      const r = await a.call(a.admin, 'POST', '/api/flowable/form', { enName: name, cnName: '目录', fields: [{ enName: 'schemaname', label: '模式', funcType: 'input' }] });
      expect(r.status, name).toBe(400);
      expect(r.json.msg, name).toBe(`表单英文名 “${name}” 不能以 pg_ 开头（数据库系统保留的前缀）`);
      const f = await a.call(a.admin, 'POST', '/api/flowable/form/import', [{ ...FORM, fields: [...FORM.fields, { enName: name, label: '目录', funcType: 'input' }] }]);
      expect(f.status, name).toBe(400);
      expect(f.json.msg, name).toContain(`字段英文名 “${name}” 不能以 pg_ 开头`);
    }
    expect((await a.call(a.admin, 'GET', '/api/flowable/form/en/pg_views')).status).toBe(404);
  });

  it('a catalogue-named table made before the rule: refused at save and at run, never read from pg_catalog', async () => {
    // As if each form had been created before pg_ names were refused: a table of that name in the tenant's schema.
    for (const name of CATALOGUE) {
      await sql.raw(`CREATE TABLE t_${tenant1}.${name} (id int, schemaname text, relname text)`).execute(a.db);
      await sql.raw(`INSERT INTO t_${tenant1}.${name} VALUES (1, 't_mine', 'mine')`).execute(a.db);
    }
    for (const name of CATALOGUE) {
      const cond = `SELECT count(*) FROM ${name} WHERE schemaname LIKE 't_%'`;
      const r = await save(cond);
      expect(r.status, name).toBe(400);
      expect(r.json.msg, name).toBe(`SQL条件只能查询本租户的表单表，不允许访问 ${name}`);
      await storeUnchecked(`$sql(${cond})`);
      const run = await hide(a.admin, 'probe');
      expect(run.status, name).toBe(400);
      expect(run.json.msg, name).toBe(`SQL条件只能查询本租户的表单表，不允许访问 ${name}`);
    }
    // The sandbox on its own resolves names by OID under its search_path (pg_catalog first): even
    // handed these names as the tenant's, it refuses them before planning anything.
    const sandbox = sqlSandbox(a.database, { maxCost: a.config.sqlConditionMaxCost, timeoutMs: a.config.sqlConditionTimeoutMs });
    for (const name of [...CATALOGUE, 'users', 'login_tokens']) {
      await expect(sandbox.run(tenant1, `SELECT count(*) FROM ${name}`, [], { relations: [name] }), name)
        .rejects.toMatchObject({ message: `SQL条件只能查询本租户的表单表，不允许访问 ${name}` });
    }
    // Qualified with the tenant's own schema, the old table is the tenant's and reads its own row.
    expect(await sandbox.run(tenant1, `SELECT count(*) FROM t_${tenant1}.pg_views WHERE schemaname LIKE 't_%'`, [], { relations: [] })).toBe(1);
    expect(await sandbox.run(tenant1, 'SELECT count(*) FROM iso_form', [], { relations: ['iso_form'] })).toBe(1);
    await otherTenantFine();
  }, 120_000);

  it('nothing reachable names or counts another tenant\'s objects: catalogue functions, casts, system columns, settings', async () => {
    const LEAKS: [string, string][] = [
      ["SELECT to_regclass('t_T2.iso_form') IS NOT NULL", '调用函数 to_regclass'],
      ["SELECT pg_relation_size('t_T2.iso_form')", '调用函数 pg_relation_size'],
      ["SELECT pg_total_relation_size('t_T2.iso_form')", '调用函数 pg_total_relation_size'],
      ["SELECT has_table_privilege('t_T2.iso_form', 'select')", '调用函数 has_table_privilege'],
      ["SELECT has_schema_privilege('t_T2', 'usage')", '调用函数 has_schema_privilege'],
      ["SELECT pg_get_viewdef('t_T2.iso_form')", '调用函数 pg_get_viewdef'],
      ['SELECT txid_current()', '调用函数 txid_current'],
      ['SELECT pg_current_xact_id()', '调用函数 pg_current_xact_id'],
      ['SELECT txid_current_snapshot()', '调用函数 txid_current_snapshot'],
      ["SELECT current_setting('search_path')", '调用函数 current_setting'],
      ['SELECT current_database()', '调用函数 current_database'],
      ['SELECT version()', '调用函数 version'],
      ["SELECT 't_T2.iso_form'::regclass::oid", '转换为类型'],
      ['SELECT CAST(16384 AS oid)', '转换为类型 oid'],
      ["SELECT CAST('1' AS xid)", '转换为类型 xid'],
      ['SELECT max(xmin) FROM iso_form', '系统列：xmin'],
      ['SELECT f.xmax FROM iso_form f', '系统列：f.xmax'],
      ['SELECT count(*) FROM iso_form WHERE tableoid > 0', '系统列：tableoid'],
      ['SELECT max(ctid) FROM iso_form', '系统列：ctid'],
      ['SELECT count(*) FROM information_schema.tables', '模式 information_schema'],
      ['SELECT count(*) FROM pg_catalog.pg_class', '模式 pg_catalog'],
      ['SELECT current_schema', 'CURRENT_SCHEMA'],
      ['SELECT current_role', 'CURRENT_ROLE'],
    ];
    for (const [cond, reason] of LEAKS) {
      const text = cond.replace(/\bT2\b/g, String(tenant2));
      const r = await save(text);
      expect(r.status, text).toBe(400);
      expect(r.json.msg, text).toContain(reason);
    }
    await otherTenantFine();
  }, 120_000);
});

describe('item 2: resource bombs are refused before they run', () => {
  const a1000 = 'a'.repeat(1000);
  /** [condition, reason]: the report's reproduction and variants over the whole class. */
  const BOMBS: [string, string | RegExp][] = [
    [`SELECT length(replace(replace('${a1000}','a','${a1000}'),'a','${'a'.repeat(500)}'))`, /超过上限 100000 个字符/],
    [`SELECT length(replace(\${title}, 'a', '${'b'.repeat(100)}'))`, /字段或参数值的 100 倍/],
    ["SELECT length(replace(${title}, 'a', ${title}))", 'replace 的第3个参数（替换为的文本）须为常量'],
    ["SELECT length(repeat('a', 500000000))", '调用函数 repeat（可能生成极大的值）'],
    ["SELECT length(lpad('a', 500000000, 'b'))", '调用函数 lpad'],
    ["SELECT length(rpad('a', 500000000))", '调用函数 rpad'],
    ["SELECT length(format('%500000000s', 'a'))", '调用函数 format'],
    ["SELECT length(string_agg(title, repeat('x', 1000))) FROM iso_form", '调用函数 string_agg（会把所有行拼成一个值）'],
    ['SELECT cardinality(array_agg(f.title)) FROM iso_form f, iso_form g', '调用函数 array_agg'],
    ['SELECT cardinality(ARRAY(SELECT title FROM iso_form))', 'ARRAY(子查询)'],
    ['SELECT count(*) FROM iso_form WHERE amount IN (SELECT generate_series(1, 500000000))', '调用函数 generate_series'],
    ['SELECT length(power(10::numeric, 131000)::text)', '调用函数 power'],
    ['SELECT factorial(30000)', '调用函数 factorial'],
    ["SELECT regexp_replace(${title}, '(a+)+b', 'x')", '正则表达式没有时间上限'],
    ["SELECT ${title} ~ '(a+)+b'", '运算符 ~'],
    ["SELECT length(overlay(${title} placing ${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title}||${title} from 1))", /17 倍/],
    ['SELECT length(concat(title,title,title,title,title,title,title,title,title,title,title,title,title,title,title,title,title)) FROM iso_form', /17 倍/],
    ['SELECT length(x||x) FROM (SELECT y||y x FROM (SELECT z||z y FROM (SELECT w||w z FROM (SELECT ${title}||${title} w) s1) s2) s3) s4', /32 倍/],
    [`WITH a AS (SELECT '${a1000}' x), b AS (SELECT x||x||x||x x FROM a), c AS (SELECT x||x||x||x x FROM b), d AS (SELECT x||x||x||x x FROM c), e AS (SELECT x||x x FROM d) SELECT length(x) FROM e`, /超过上限 100000 个字符/],
    [`SELECT length(array_to_string(string_to_array(\${title}, ''), '${'x'.repeat(100)}'))`, /倍，超过上限 16 倍/],
    ["SELECT length(CAST('a' AS char(10000000)))", /超过上限 100000 个字符/],
    ['SELECT length(1e131000::text)', /超过上限 100000 个字符/],
    ['SELECT length(to_char(now(), ${title}))', 'to_char 的格式须为常量'],
    ['WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r', 'RECURSIVE'],
  ];

  it('each bomb: 400 with its reason when saved', async () => {
    for (const [cond, reason] of BOMBS) {
      const r = await save(cond);
      expect(r.status, cond).toBe(400);
      if (typeof reason === 'string') expect(r.json.msg, cond).toContain(reason);
      else expect(r.json.msg, cond).toMatch(reason);
      expect(r.json.errors?.[0]?.field, cond).toBe('fields[3].hideCondition');
    }
    await otherTenantFine();
  }, 120_000);

  it('each bomb stored without the check: 400 with the same reason when evaluated, the other tenant unaffected', async () => {
    for (const [cond, reason] of BOMBS) {
      await storeUnchecked(`$sql(${cond})`);
      const r = await hide(a.admin, 'probe', { title: 'a'.repeat(100) });
      expect(r.status, cond).toBe(400);
      if (typeof reason === 'string') expect(r.json.msg, cond).toContain(reason);
      else expect(r.json.msg, cond).toMatch(reason);
    }
    await otherTenantFine();
  }, 120_000);

  it('a bound value longer than the limit is refused at evaluation, one at the limit runs', async () => {
    expect((await save('SELECT length(${title} || ${title})')).status).toBe(200);
    const long = await hide(a.admin, 'probe', { title: 'x'.repeat(MAX_PARAM_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.json.msg).toBe(`SQL条件使用的值「title」超过 ${MAX_PARAM_LENGTH} 个字符，无法计算`);
    const ok = await hide(a.admin, 'probe', { title: 'x'.repeat(MAX_PARAM_LENGTH) });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toBe(2 * MAX_PARAM_LENGTH);
  });

  it.skipIf(onPostgres)('PGlite (no timer): rows × the largest computed value past the work ceiling is refused before it runs', async () => {
    // 3,600 rows the planner counts exactly, each sorting a 20,000-character value (~10 s on PGlite without the ceiling).
    const values = `(VALUES ${Array.from({ length: 60 }, (_, i) => `(${i})`).join(',')})`;
    const cond = `SELECT count(DISTINCT \${title} || \${title} || v.n::text) FROM ${values} v(n), ${values} w(n)`;
    const saved = await save(cond);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const r = await hide(a.admin, 'probe', { title: 'x'.repeat(MAX_PARAM_LENGTH) });
    expect(r.status).toBe(400);
    expect(r.json.msg).toMatch(/^SQL条件的计算量（约 \d+ 个字符）超过上限（2000000），请缩小查询范围或减少拼接$/);
    // The same statement with a short value is cheap and runs.
    const ok = await hide(a.admin, 'probe', { title: 'x' });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toBe(60);
    await otherTenantFine();
  });

  it('bounded uses of the same functions still run', async () => {
    const ACCEPTED: [string, unknown, Record<string, unknown>][] = [
      ["SELECT replace(${title}, ' ', '')", '默认租户', { title: ' 默认 租户 ' }],
      ["SELECT length(replace(${title}, 'a', 'bb'))", 6, { title: 'aaa' }],
      ["SELECT ${title} || '-' || to_char(CAST('2026-01-02' AS date), 'YYYY-MM-DD')", 'x-2026-01-02', { title: 'x' }],
      ["SELECT array_to_string(string_to_array(#{roleKeys}, ','), '|') LIKE '%admin%'", true, {}],
      ['SELECT x || x FROM (SELECT title || title x FROM iso_form) s', '默认租户默认租户默认租户默认租户', {}],
      ['SELECT CAST(${amount} AS numeric) * 2 > 10', true, { amount: 6 }],
    ];
    for (const [cond, expected, data] of ACCEPTED) {
      const saved = await save(cond);
      expect(saved.status, `${cond} ${JSON.stringify(saved.json)}`).toBe(200);
      const r = await hide(a.admin, 'probe', data);
      expect(r.status, cond).toBe(200);
      expect(r.json.data, cond).toEqual(expected);
    }
  }, 120_000);
});
