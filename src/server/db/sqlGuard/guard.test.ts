/** The `$sql` guard on its own: what passes, what is refused and with which reason. */
import { beforeAll, describe, expect, it } from 'vitest';
import { guardSqlSync, loadSqlParser, prepareSqlText, SqlGuardError } from './index.js';

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
    ['SELECT id FROM orders UNION SELECT oid FROM pg_database', '不允许访问 pg_database'],
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
