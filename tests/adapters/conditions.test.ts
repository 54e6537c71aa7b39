// The condition grammar and state semantics of CONTRACT.md §5, checked on compileCondition and fieldStates.
import { describe, expect, it } from 'vitest';
import { compileCondition, fieldStates, type FormDefinition } from '../../schema-adapters/index';
import { admin, staff } from './helpers';

const run = (source: string, data: Record<string, unknown> = {}, ctx = staff) => compileCondition(source).evaluate(data, ctx);

describe('grammar (CONTRACT.md §5)', () => {
  it('"Literals: numbers, \'text\' or "text", true, false, null"', () => {
    expect(run("${a} == 'x'", { a: 'x' })).toBe(true);
    expect(run('${a} == "x"', { a: 'x' })).toBe(true);
    expect(run('${a} == 1.5', { a: 1.5 })).toBe(true);
    expect(run('${a} == true', { a: true })).toBe(true);
    expect(run('${a} == false', { a: false })).toBe(true);
    expect(run('${a} == null', { a: null })).toBe(true);
    expect(run("'it\\'s' == ${a}", { a: "it's" })).toBe(true);
  });

  it('"Operators: == != === !== > >= < <= && || ! + - * / %, parentheses"', () => {
    expect(run("${a} == '1'", { a: 1 })).toBe(true);
    expect(run("${a} === '1'", { a: 1 })).toBe(false);
    expect(run('${a} !== 1', { a: '1' })).toBe(true);
    expect(run("${a} != '1'", { a: 1 })).toBe(false);
    expect(run('${a} > 1 && ${a} >= 2 && ${a} < 3 && ${a} <= 2', { a: 2 })).toBe(true);
    expect(run('!${a} || ${b}', { a: true, b: false })).toBe(false);
    expect(run('(${a} + 1) * 2 - 6 / 3 == 4 && ${a} % 2 == 1', { a: 2 })).toBe(false);
    expect(run('(${a} + 1) * 2 - 6 / 3 == 6 && ${a} % 2 == 1', { a: 3 })).toBe(true);
    expect(run("${a} + ${b} == 'ab'", { a: 'a', b: 'b' })).toBe(true);
    expect(run('-${a} < 0', { a: 3 })).toBe(true);
    expect(run('1 + 2 * 3 == 7')).toBe(true);
  });

  it('"x in list" with list literals, field lists and context lists', () => {
    expect(run("${a} in ['x', 'y']", { a: 'y' })).toBe(true);
    expect(run("${a} in ['x', 'y']", { a: 'z' })).toBe(false);
    expect(run("'finance' in ${depts}", { depts: ['finance', 'legal'] })).toBe(true);
    expect(run("'员工' in #{roleNames}")).toBe(true);
    expect(run("'x' in ${depts}", { depts: null })).toBe(false);
  });

  it('"Functions: contains(listOrText, x), isEmpty(x), len(x)"', () => {
    expect(run("contains(${t}, '钢')", { t: '螺纹钢' })).toBe(true);
    expect(run("contains(${l}, 2)", { l: [1, 2] })).toBe(true);
    expect(run("contains(${l}, 3)", { l: null })).toBe(false);
    expect(run('isEmpty(${a}) && isEmpty(${b}) && isEmpty(${c}) && !isEmpty(${d})', { a: null, b: '', c: [], d: 0 })).toBe(true);
    expect(run('len(${a}) == 3 && len(${b}) == 2 && len(${c}) == 0', { a: '合同号', b: [1, 2], c: null })).toBe(true);
  });

  it('"#{userId}, #{userName}, #{deptId}, #{roleKeys} (list), #{roleNames} (list), #{companyId}: the current user\'s context"', () => {
    const source = "#{userId} == 1 && #{userName} == 'admin' && #{deptId} == 1 && contains(#{roleKeys}, 'admin') && contains(#{roleNames}, '管理员') && #{companyId} == 1";
    expect(run(source, {}, admin)).toBe(true);
    expect(run(source, {}, staff)).toBe(false);
  });

  it('records the fields a condition reads, and never runs JavaScript', () => {
    expect(compileCondition("${a} > 1 && contains(${b}, ${a})").fields).toEqual(['a', 'b']);
    for (const hostile of ['constructor', 'this.constructor', "${a}.constructor('return 1')()", 'process.exit()', 'Function("x")', '__proto__', 'x = 1']) {
      const compiled = compileCondition(hostile);
      expect(compiled.error, hostile).toBeTruthy();
      expect(compiled.evaluate({ a: 1 }, staff)).toBe('error');
    }
  });

  it('kinds: expr, sql (with bound parameters), deferred', () => {
    expect(compileCondition('${a} > 1').kind).toBe('expr');
    const sql = compileCondition('$sql(SELECT 1 FROM t WHERE a = ${a} AND b = ${b} AND c = ${a})');
    expect(sql.kind).toBe('sql');
    expect(sql.sql).toEqual({ text: 'SELECT 1 FROM t WHERE a = $1 AND b = $2 AND c = $1', params: ['a', 'b'] });
    expect(compileCondition('$sql(DELETE FROM t)').error).toBeTruthy();
    expect(compileCondition('$sql(SELECT 1; DROP TABLE t)').error).toBeTruthy();
    expect(compileCondition("$${parent.status} == 1 && ${a} > 0").kind).toBe('deferred');
  });
});

describe('state semantics (CONTRACT.md §5, spec 01 §5) through fieldStates, as the server computes them', () => {
  const def: FormDefinition = {
    enName: 'semantics', cnName: '语义', fields: [
      { enName: 'a', label: '甲', funcType: 'number' },
      { enName: 'plain', label: '默认', funcType: 'input' },
      { enName: 'off', label: '不显示', funcType: 'input', isShow: false },
      { enName: 'invisible', label: '不可见', funcType: 'input', visible: false },
      { enName: 'req', label: '必填', funcType: 'input', required: true },
      { enName: 'hide', label: '条件隐藏', funcType: 'input', hideCondition: '${a} > 5' },
      { enName: 'req_con', label: '条件必填', funcType: 'input', required: true, requiredCon: '${a} > 5' },
      { enName: 'dis_con', label: '条件禁用', funcType: 'input', disabled: false, disabledCon: '${a} > 5' },
      { enName: 'absent', label: '缺字段', funcType: 'input', hideCondition: '${nowhere} == 1', requiredCon: '${nowhere} == 1' },
      { enName: 'deferred', label: '外部引用', funcType: 'input', required: true, hideCondition: '$${parent.x} == 1', requiredCon: '$${parent.x} == 1' },
      { enName: 'broken', label: '错误', funcType: 'input', required: true, disabled: true, hideCondition: '${a} >', requiredCon: '(', disabledCon: ')' },
      { enName: 'by_sql', label: 'SQL', funcType: 'input', hideCondition: '$sql(SELECT ${a})' },
    ],
  };

  it('"defaults: visible = isShow !== false && visible !== false; required = required === true; disabled = disabled === true"', () => {
    const s = fieldStates(def, { a: 1 }, staff);
    expect(s.plain).toEqual({ visible: true, required: false, disabled: false });
    expect(s.off.visible).toBe(false);
    expect(s.invisible.visible).toBe(false);
    expect(s.req.required).toBe(true);
  });

  it('"hideCondition true → hidden. requiredCon, when present, decides required alone; disabledCon … decides disabled alone"', () => {
    expect(fieldStates(def, { a: 1 }, staff).hide.visible).toBe(true);
    expect(fieldStates(def, { a: 9 }, staff).hide.visible).toBe(false);
    expect(fieldStates(def, { a: 1 }, staff).req_con.required).toBe(false);
    expect(fieldStates(def, { a: 9 }, staff).req_con.required).toBe(true);
    expect(fieldStates(def, { a: 9 }, staff).dis_con.disabled).toBe(true);
  });

  it('"A condition that names a field absent from the form evaluates to true" (not a field merely missing from the data)', () => {
    const s = fieldStates(def, {}, staff);
    expect(s.absent).toEqual({ visible: false, required: true, disabled: false });
    expect(s.hide.visible).toBe(true);
  });

  it('"A condition with a $${…} reference leaves the default state"', () => {
    expect(fieldStates(def, { a: 1 }, staff).deferred).toEqual({ visible: true, required: true, disabled: false });
  });

  it('"A condition that fails to evaluate gives visible=false, required=false, disabled=false"', () => {
    expect(fieldStates(def, { a: 1 }, staff).broken).toEqual({ visible: false, required: false, disabled: false });
  });

  it('"A $sql(…) hide condition leaves the field shown until the server answers … Null or empty → the field is shown; truthy → hidden"', () => {
    expect(fieldStates(def, { a: 1 }, staff).by_sql.visible).toBe(true);
    expect(fieldStates(def, { a: 1 }, staff, { sqlAnswers: { by_sql: null } }).by_sql.visible).toBe(true);
    expect(fieldStates(def, { a: 1 }, staff, { sqlAnswers: { by_sql: '' } }).by_sql.visible).toBe(true);
    expect(fieldStates(def, { a: 1 }, staff, { sqlAnswers: { by_sql: 1 } }).by_sql.visible).toBe(false);
  });

  it('sub-form rows: keys {subForm}.{row}.{field}, the row read first, then the main form', () => {
    const sub: FormDefinition = {
      enName: 'rows', cnName: '行', fields: [
        { enName: 'mode', label: '方式', funcType: 'input' },
        { enName: 'lines', label: '明细', funcType: 'subForm', children: [
          { enName: 'paid', label: '已付', funcType: 'switch' },
          { enName: 'date', label: '日期', funcType: 'dateStamp', hideCondition: '!${paid}', requiredCon: "${mode} == 'strict'" },
        ] },
      ],
    };
    const s = fieldStates(sub, { mode: 'strict', lines: [{ paid: false }, { paid: true }] }, staff);
    expect(s['lines.0.date']).toEqual({ visible: false, required: true, disabled: false });
    expect(s['lines.1.date']).toEqual({ visible: true, required: true, disabled: false });
  });
});
