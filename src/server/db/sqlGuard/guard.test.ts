/** The `$sql` guard on its own: what passes, what is refused and with which reason. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_FUNCTIONS, guardSqlSync, loadSqlParser, prepareSqlText, SqlGuardError } from './index.js';
import { SIZED_FUNCTIONS } from './sizeBound.js';

const ctx = { schema: 't_2', relations: new Set(['orders', 'orders$items', 'customers']), paramCount: 0 };

function check(source: string): string | null {
  const { text, params } = prepareSqlText(source);
  try {
    guardSqlSync(text, { ...ctx, paramCount: params.length });
    return null;
  } catch (err) {
    if (!(err instanceof SqlGuardError)) throw err;
    return err.message;
  }
}

beforeAll(async () => loadSqlParser());

describe('placeholders', () => {
  it('become numbered parameters, one per distinct placeholder', () => {
    const p = prepareSqlText('SELECT ${a} + ${b} + ${a} + #{userId} + $${x.y}');
    expect(p.text).toBe('SELECT $1  + $2  + $1  + $3  + $4 ');
    expect(p.params).toEqual([
      { kind: 'field', name: 'a' }, { kind: 'field', name: 'b' }, { kind: 'user', name: 'userId' }, { kind: 'unresolved', name: 'x.y' },
    ]);
  });
});

describe('accepted', () => {
  it.each([
    'SELECT CASE WHEN CAST(${est_amount} AS numeric) >= 100000 THEN NULL ELSE 1 END',
    'SELECT count(*) FROM orders WHERE title = ${title} AND amount > CAST(${amount} AS numeric)',
    'select count(*) from orders o join "orders$items" i on i.parent_id = o.id where o.create_user_id = #{userId}',
    'SELECT 1 FROM t_2.orders WHERE t_2.orders.id = 1',
    "SELECT coalesce(nullif(trim(${name}), ''), 'x') || upper(left('abc', 2))",
    "SELECT extract(year FROM now()) = date_part('year', current_date) AND now() - interval '1 day' < now()",
    'SELECT ${code} = ANY(string_to_array(#{roleKeys}, \',\'))',
    'WITH a AS (SELECT id FROM orders), b AS (SELECT id FROM a) SELECT count(*) FROM b',
    'SELECT (SELECT max(amount) FROM orders) > 10 AND EXISTS (SELECT 1 FROM customers WHERE name LIKE \'%x%\')',
    'SELECT count(*) FILTER (WHERE amount > 0) FROM orders GROUP BY title HAVING sum(amount) > 1 ORDER BY 1 LIMIT 1',
    'SELECT greatest(1, 2) BETWEEN 0 AND 3, 1 IS DISTINCT FROM 2, 1 IN (1, 2), NOT true IS NULL',
    'SELECT id FROM orders UNION ALL SELECT id FROM customers',
    'SELECT id FROM orders UNION SELECT id FROM customers EXCEPT SELECT id FROM orders',
    "SELECT to_char(now(), 'YYYY') || $$dollar$$ /* comment */ -- end",
    'SELECT 1;',
  ])('%s', (q) => expect(check(q)).toBeNull());
});

describe('refused', () => {
  it.each([
    ["SELECT set_config('role','postgres',true)", '函数 set_config'],
    ["SELECT current_setting('is_superuser')", '函数 current_setting'],
    ["SELECT query_to_xml(CAST(${f} AS text), true, true, '')", '函数 query_to_xml'],
    ["SELECT table_to_xml('users', true, true, '')", '函数 table_to_xml'],
    ["SELECT cursor_to_xml('c', 1, true, true, '')", '函数 cursor_to_xml'],
    ["SELECT query_to_xml_and_xmlschema('select 1', true, true, '')", '函数 query_to_xml_and_xmlschema'],
    ["SELECT database_to_xml(true, true, '')", '函数 database_to_xml'],
    ["SELECT schema_to_xml('public', true, true, '')", '函数 schema_to_xml'],
    ['SELECT row_to_json(o) FROM orders o', '函数 row_to_json'],
    ["SELECT pg_read_file('/etc/passwd')", '函数 pg_read_file'],
    ["SELECT pg_ls_dir('.')", '函数 pg_ls_dir'],
    ['SELECT pg_sleep(10)', '函数 pg_sleep'],
    ['SELECT lo_import(\'/etc/passwd\')', '函数 lo_import'],
    ["SELECT dblink('host=x', 'select 1')", '函数 dblink'],
    ["SELECT pg_catalog.set_config('role','postgres',false)", '函数 pg_catalog.set_config'],
    ["SELECT \"set_config\"('role','postgres',false)", '函数 set_config'],
    ["SELECT public.f()", '函数 public.f'],
    ["SELECT repeat('x', 1000000000)", '函数 repeat'],
    ['SELECT generate_series(1, 1000000000)', '函数 generate_series'],
    ['SELECT * FROM generate_series(1, 10)', 'FROM 只能是'],
    ['SELECT count(*) FROM users', '不允许访问 users'],
    ['SELECT count(*) FROM login_tokens', '不允许访问 login_tokens'],
    ['SELECT count(*) FROM public.users', '模式 public'],
    ['SELECT count(*) FROM t_1.orders', '模式 t_1'],
    ['SELECT nspname FROM pg_namespace', '不允许访问 pg_namespace'],
    ['SELECT * FROM pg_catalog.pg_authid', '模式 pg_catalog'],
    ['SELECT * FROM information_schema.schemata', '模式 information_schema'],
    ['SELECT * FROM U&"pg_\\0061uthid"', '不允许访问 pg_authid'],
    ['SELECT * FROM "PG_SHADOW"', '不允许访问 PG_SHADOW'],
    ['SELECT * FROM other_db.t_2.orders', '其他数据库'],
    ['SELECT 1; SELECT 2', '一条 SELECT'],
    ["SELECT 1; SELECT set_config('role','postgres',false)", '一条 SELECT'],
    ['SELECT 1 /* ; */ ; DROP TABLE orders', '一条 SELECT'],
    ['DELETE FROM orders', 'DELETE'],
    ['UPDATE orders SET amount = 0', 'UPDATE'],
    ["SET ROLE postgres", 'VARIABLESET'],
    ['RESET ROLE', 'VARIABLESET'],
    ['COPY orders TO STDOUT', 'COPY'],
    ["DO $$BEGIN PERFORM 1; END$$", 'DO'],
    ['EXPLAIN SELECT 1', 'EXPLAIN'],
    ['SELECT * FROM orders FOR UPDATE', '加锁'],
    ['SELECT * FROM orders FOR SHARE', '加锁'],
    ['SELECT 1 INTO x', 'SELECT INTO'],
    ['WITH d AS (DELETE FROM orders RETURNING 1) SELECT count(*) FROM d', '不能修改数据'],
    ['WITH u AS (UPDATE orders SET amount = 1 RETURNING 1) SELECT 1', '不能修改数据'],
    ['WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r', 'RECURSIVE'],
    // Without RECURSIVE, `pg_shadow` inside the first query is the real catalog table.
    ['WITH a AS (SELECT * FROM pg_shadow), pg_shadow AS (SELECT 1) SELECT * FROM a', '不允许访问 pg_shadow'],
    ['SELECT (WITH pg_roles AS (SELECT 1) SELECT 1), (SELECT count(*) FROM pg_roles)', '不允许访问 pg_roles'],
    ['SELECT (SELECT (SELECT count(*) FROM pg_user))', '不允许访问 pg_user'],
    ['SELECT id FROM orders UNION SELECT datname FROM pg_database', '不允许访问 pg_database'],
    ['SELECT 1 FROM orders WHERE EXISTS (SELECT 1 FROM pg_stat_activity)', '不允许访问 pg_stat_activity'],
    ["SELECT 'orders'::regclass", '类型 regclass'],
    ["SELECT CAST('x' AS pg_catalog.regproc)", '类型 pg_catalog.regproc'],
    ["SELECT 'x'::xml", '类型 xml'],
    ['SELECT current_user', 'CURRENT_USER'],
    ['SELECT session_user', 'SESSION_USER'],
    ["SELECT 'a' ~ 'a'", '运算符 ~'],
    ["SELECT 'a' SIMILAR TO 'a'", 'SIMILAR'],
    ['SELECT 1 OPERATOR(pg_catalog.+) 1', '运算符 pg_catalog.+'],
    ['SELECT o.pg_read_file FROM orders o', '列名'],
    ['SELECT (o).query_to_xml FROM orders o', '列名'],
    ['SELECT xmlelement(name x)', 'XmlExpr'],
    ["SELECT $1", '参数'],
    ['SELECT ${a} + $2', '参数'],
    ['SELECT * FROM orders TABLESAMPLE SYSTEM (10)', 'FROM 只能是'],
    ['SELEC 1', '语法错误'],
    ['', '不能为空'],
  ])('%s', (q, reason) => {
    const message = check(q);
    expect(message).not.toBeNull();
    expect(message).toContain(reason);
  });

  it('refuses a text past the length limit and nesting past the depth limit without crashing', () => {
    expect(check(`SELECT ${'1 + '.repeat(1500)}1`)).toContain('4000');
    expect(() => check(`SELECT ${'('.repeat(300)}1${')'.repeat(300)}`)).not.toThrow();
    expect(check(`SELECT ${'abs('.repeat(200)}1${')'.repeat(200)}`)).toContain('嵌套过深');
  });
});

/** Issue 26 item 1: a form sharing a catalogue relation's name is still the catalogue's to PostgreSQL. */
describe('catalogue names and system columns', () => {
  const CATALOGUE = ['pg_class', 'pg_views', 'pg_roles', 'pg_settings', 'pg_namespace', 'pg_stat_user_tables', 'pg_stat_activity'];
  const withForms = { ...ctx, relations: new Set([...ctx.relations, ...CATALOGUE]) };
  const checkWith = (q: string): string | null => {
    try { guardSqlSync(q, withForms); return null; } catch (err) { if (!(err instanceof SqlGuardError)) throw err; return err.message; }
  };

  it.each(CATALOGUE)('refuses %s unqualified even when the tenant has a form of that name', (name) => {
    expect(checkWith(`SELECT count(*) FROM ${name} WHERE 1 = 1`)).toBe(`SQL条件只能查询本租户的表单表，不允许访问 ${name}`);
    expect(checkWith(`SELECT 1 FROM orders WHERE EXISTS (SELECT 1 FROM "${name}")`)).toBe(`SQL条件只能查询本租户的表单表，不允许访问 ${name}`);
    // Qualified with the tenant's own schema it is the form's table.
    expect(checkWith(`SELECT count(*) FROM t_2.${name}`)).toBeNull();
  });

  it('refuses the system columns, which carry the server-wide transaction counter and storage ids', () => {
    for (const q of ['SELECT xmin FROM orders', 'SELECT o.xmax FROM orders o', 'SELECT max(ctid) FROM orders', 'SELECT tableoid FROM orders',
      'SELECT (o).cmin FROM orders o', 'SELECT count(*) FROM orders WHERE oid > 0', 'SELECT t_2.orders.xmin FROM t_2.orders']) {
      expect(check(q), q).toMatch(/^SQL条件不允许读取系统列：/);
    }
  });

  it.each([
    ["SELECT to_regclass('pg_class')", '函数 to_regclass'],
    ["SELECT pg_relation_size('orders')", '函数 pg_relation_size'],
    ["SELECT has_table_privilege('orders', 'select')", '函数 has_table_privilege'],
    ['SELECT txid_current()', '函数 txid_current'],
    ['SELECT pg_current_xact_id()', '函数 pg_current_xact_id'],
    ["SELECT current_setting('search_path')", '函数 current_setting'],
    ["SELECT 'orders'::regclass::oid", '转换为类型'],
    ['SELECT CAST(1 AS oid)', '类型 oid'],
    ["SELECT CAST('1' AS xid)", '类型 xid'],
    ['SELECT count(*) FROM information_schema.tables', '模式 information_schema'],
    ['SELECT current_schema', 'CURRENT_SCHEMA'],
    ['SELECT current_database()', '函数 current_database'],
    ['SELECT obj_description(1)', '函数 obj_description'],
    ['SELECT version()', '函数 version'],
  ])('%s', (q, reason) => expect(check(q)).toContain(reason));

  it('answers the unqualified relations it read, for the sandbox to resolve by OID', () => {
    const { text } = prepareSqlText('WITH a AS (SELECT id FROM orders) SELECT count(*) FROM a JOIN customers c ON c.id = a.id JOIN t_2."orders$items" i ON true');
    expect(guardSqlSync(text, ctx).relations.sort()).toEqual(['customers', 'orders']);
  });
});

/** Issue 26 item 2: values that can grow far past the statement are refused before they run. */
describe('resource bombs', () => {
  const a1000 = 'a'.repeat(1000);
  const BOMBS: [string, string | RegExp][] = [
    [`SELECT length(replace(replace('${a1000}','a','${a1000}'),'a','${'a'.repeat(500)}'))`, /可能长达 \d+ 个字符，超过上限 100000 个字符/],
    [`SELECT length(replace(\${title}, 'a', '${'b'.repeat(200)}'))`, /字段或参数值的 200 倍/],
    ["SELECT length(replace(${title}, ${title}, 'x'))", 'replace 的第2个参数（被替换的文本）须为常量'],
    ["SELECT length(replace('a', 'a', ${title}))", 'replace 的第3个参数（替换为的文本）须为常量'],
    ["SELECT length(repeat('x', 500000000))", '函数 repeat（可能生成极大的值）'],
    ["SELECT length(lpad('x', 500000000, 'y'))", '函数 lpad'],
    ["SELECT length(rpad('x', 500000000))", '函数 rpad'],
    ["SELECT length(format('%1000000000s', 'x'))", '函数 format'],
    ['SELECT length(string_agg(title, title)) FROM orders', '函数 string_agg（会把所有行拼成一个值）'],
    ['SELECT cardinality(array_agg(id)) FROM orders', '函数 array_agg'],
    ['SELECT cardinality(ARRAY(SELECT id FROM orders))', 'ARRAY(子查询)'],
    ['SELECT count(*) FROM orders WHERE id IN (SELECT generate_series(1, 100000000))', '函数 generate_series'],
    ['SELECT power(10::numeric, 100000)', '函数 power'],
    ['SELECT factorial(100000)', '函数 factorial'],
    ["SELECT regexp_replace(${title}, '(a+)+$', 'x')", '正则表达式'],
    ['SELECT length(${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a})', /17 倍/],
    ['SELECT length(x||x) FROM (SELECT y||y x FROM (SELECT z||z y FROM (SELECT w||w z FROM (SELECT ${a}||${a} w) s1) s2) s3) s4', /32 倍/],
    [`WITH a AS (SELECT '${a1000}' x), b AS (SELECT x||x||x||x x FROM a), c AS (SELECT x||x||x||x x FROM b), d AS (SELECT x||x||x||x x FROM c), e AS (SELECT x||x x FROM d) SELECT length(x) FROM e`, /超过上限 100000 个字符/],
    ['SELECT length(concat(title, title, title, title, title, title, title, title, title, title, title, title, title, title, title, title, title)) FROM orders', /17 倍/],
    ["SELECT length(concat_ws(${a}, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18))", /17 倍/],
    [`SELECT length(array_to_string(string_to_array(\${a}, ''), '${'x'.repeat(50)}'))`, /408 倍/],
    ["SELECT length(array_to_string(string_to_array(${a}, ''), ${a}))", 'array_to_string 的分隔符须为常量'],
    ['SELECT length(to_char(now(), ${a}))', 'to_char 的格式须为常量'],
    ["SELECT length(CAST('x' AS char(10000000)))", /超过上限 100000 个字符/],
    ['SELECT length(1e200000::text)', /超过上限 100000 个字符/],
    ['SELECT length(overlay(${a} placing ${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a}||${a} from 1))', /17 倍/],
    ["SELECT concat_ws(',', VARIADIC ARRAY['a'])", 'VARIADIC'],
    ['WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r', 'RECURSIVE'],
  ];
  it.each(BOMBS)('%s', (q, reason) => {
    const message = check(q);
    expect(message).not.toBeNull();
    if (typeof reason === 'string') expect(message).toContain(reason);
    else expect(message).toMatch(reason);
  });

  it.each([
    "SELECT replace(${title}, ' ', '') = 'abc'",
    "SELECT replace(replace(${title}, '-', '_'), 'ab', 'xy')",
    "SELECT length(replace(${title}, 'a', 'bb')) > 3",
    "SELECT ${a} || '-' || ${b} || '-' || to_char(now(), 'YYYY-MM-DD')",
    "SELECT concat(title, ':', amount::text) FROM orders LIMIT 1",
    "SELECT ${code} = ANY(string_to_array(#{roleKeys}, ','))",
    "SELECT array_to_string(string_to_array(#{roleKeys}, ','), ';')",
    'SELECT CAST(${amount} AS numeric) * 1.13 + 5 > 1000',
    "SELECT max(upper(title)) || min(lower(title)) FROM orders",
    "SELECT x || x FROM (SELECT title || title x FROM orders) s",
    "SELECT CAST('ab' AS char(10)) = 'ab'",
  ])('accepts %s', (q) => expect(check(q)).toBeNull());

  it('has a size rule for every function the allowlist accepts', () => {
    expect([...ALLOWED_FUNCTIONS].filter((f) => !SIZED_FUNCTIONS.has(f))).toEqual([]);
  });
});
