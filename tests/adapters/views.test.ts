// Type-2 views and virtual columns (issue 19 item 4; schema-adapters/definition/views.ts).
import { describe, expect, it } from 'vitest';
import { validateDefinition, viewSourceProblems, virtualColumnValues, type FormDefinition, type UserContext } from '../../schema-adapters/index';

const ctx: UserContext = { userId: 7, userName: 'zhang', deptId: 3, roleKeys: ['staff'], roleNames: ['员工'] };

const source = (enName: string, fields: FormDefinition['fields']): FormDefinition => ({ enName, cnName: enName, fields });
const A = source('src_a', [
  { enName: 'name', label: '名称', funcType: 'input' },
  { enName: 'qty', label: '数量', funcType: 'number' },
  { enName: 'owner', label: '负责人', funcType: 'user' },
  { enName: 'tags', label: '标签', funcType: 'select', multiple: true, options: [{ label: '甲', value: 'a' }] },
]);
const B = source('src_b', [
  { enName: 'title', label: '标题', funcType: 'textarea' },
  { enName: 'count', label: '件数', funcType: 'number' },
  { enName: 'manager', label: '经理', funcType: 'user' },
  { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '甲', value: 'a' }] },
]);

const view = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  enName: 'ab_view', cnName: '汇总', type: 2,
  fields: [
    { enName: 'name', label: '名称', funcType: 'input' },
    { enName: 'qty', label: '数量', funcType: 'number' },
    { enName: 'person', label: '人员', funcType: 'user' },
  ],
  view: {
    sources: ['src_a', 'src_b'],
    columns: {
      name: { src_a: 'name', src_b: 'title' },
      qty: { src_a: 'qty', src_b: 'count' },
      person: { src_a: 'owner', src_b: null },
    },
  },
  ...over,
});
const sources = new Map([[A.enName, A], [B.enName, B]]);

describe('view definitions', () => {
  it('accept sources with a mapping of every view field (a field or null), and compatible types', () => {
    expect(validateDefinition(view())).toEqual([]);
    expect(viewSourceProblems(view() as unknown as FormDefinition, sources)).toEqual([]);
  });

  it('keep the older kind: a type-2 definition without view is valid; view on a type-1 definition is not', () => {
    const { view: _v, ...plain } = view();
    expect(validateDefinition(plain)).toEqual([]);
    expect(validateDefinition({ ...plain, type: 1, view: view().view })).toEqual([{ path: 'view', message: '只有视图才能配置来源表单和字段对应' }]);
  });

  it('refuse no sources, bad or repeated source names, the view itself, and a missing or unknown mapping', () => {
    const paths = (def: Record<string, unknown>) => validateDefinition(def).map((p) => p.path);
    expect(paths(view({ view: { sources: [], columns: {} } }))).toEqual(['view.sources']);
    expect(paths(view({ view: { sources: ['Bad', 'src_a', 'src_a', 'ab_view'], columns: {} } }))).toEqual(['view.sources[0]', 'view.sources[2]', 'view.sources[3]', 'view.columns.name', 'view.columns.qty', 'view.columns.person']);
    const columns = { name: { src_a: 'name' }, qty: { src_a: 'qty', src_b: 'count', src_c: 'x' }, person: { src_a: 'Owner', src_b: null }, ghost: {} };
    expect(validateDefinition(view({ view: { sources: ['src_a', 'src_b'], columns } }))).toEqual([
      { path: 'view.columns.name.src_b', message: '视图字段「名称」须配置来源表单 “src_b” 的对应字段（没有时写 null）' },
      { path: 'view.columns.qty.src_c', message: '“src_c” 不是视图的来源表单' },
      { path: 'view.columns.person.src_a', message: '对应字段 “Owner” 不合法' },
      { path: 'view.columns.ghost', message: '视图字段 “ghost” 不存在' },
    ]);
  });

  it('refuse sub-forms and value-less types as view fields', () => {
    const def = view({ fields: [{ enName: 'name', label: '名称', funcType: 'input' }, { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'x', label: 'X', funcType: 'input' }] }],
      view: { sources: ['src_a'], columns: { name: { src_a: 'name' }, lines: { src_a: null } } } });
    expect(validateDefinition(def).map((p) => p.message)).toContain('视图不支持字段「明细」的类型');
  });

  it('name missing sources, views as sources, missing source fields and incompatible types', () => {
    const def = view() as unknown as FormDefinition;
    expect(viewSourceProblems(def, new Map([[A.enName, A]]))).toEqual([{ path: 'view.sources[1]', message: '来源表单 “src_b” 不存在' }]);
    expect(viewSourceProblems(def, new Map([[A.enName, A], [B.enName, { ...B, type: 2 }]]))[0].message).toBe('来源 “src_b” 是视图，视图只能建立在表单上');
    const wrong = view({ view: { sources: ['src_a', 'src_b'], columns: { name: { src_a: 'qty', src_b: 'nope' }, qty: { src_a: 'qty', src_b: 'count' }, person: { src_a: 'tags', src_b: 'kind' } } } });
    expect(viewSourceProblems(wrong as unknown as FormDefinition, sources)).toEqual([
      { path: 'view.columns.name.src_a', message: '来源表单 “src_a” 的字段「数量」（数字）与视图字段「名称」（单行文本）的类型不兼容' },
      { path: 'view.columns.name.src_b', message: '来源表单 “src_b” 没有字段 “nope”' },
      { path: 'view.columns.person.src_a', message: '来源表单 “src_a” 的字段「标签」（下拉选择）与视图字段「人员」（人员）的类型不兼容' },
      { path: 'view.columns.person.src_b', message: '来源表单 “src_b” 的字段「类别」（下拉选择）与视图字段「人员」（人员）的类型不兼容' },
    ]);
  });
});

describe('virtual columns', () => {
  const def = (virtualColumns: unknown): Record<string, unknown> => ({
    enName: 'vc', cnName: '虚拟列', fields: [{ enName: 'qty', label: '数量', funcType: 'number' }, { enName: 'price', label: '单价', funcType: 'number' }, { enName: 'name', label: '名称', funcType: 'input' }],
    feature: { virtualColumns },
  });

  it('validate names, headers and expressions (no $sql)', () => {
    expect(validateDefinition(def([{ enName: 'total', cnName: '金额', expr: '${qty} * ${price}' }, { enName: 'plain', cnName: '仅表头' }]))).toEqual([]);
    expect(validateDefinition(def([
      { enName: 'qty', cnName: '重名', expr: '1' },
      { enName: 'a', cnName: '', expr: '${qty} *' },
      { enName: 'b', cnName: 'B', expr: '$sql(SELECT 1)' },
      { enName: 'b', cnName: 'B2' },
    ])).map((p) => p.path)).toEqual(['feature.virtualColumns[0].enName', 'feature.virtualColumns[1].cnName', 'feature.virtualColumns[1].expr', 'feature.virtualColumns[2].expr', 'feature.virtualColumns[3].enName']);
  });

  it('evaluate over a row: arithmetic, text, context, and null for a missing field or a failure', () => {
    const d = def([
      { enName: 'total', cnName: '金额', expr: '${qty} * ${price}' },
      { enName: 'label', cnName: '标签', expr: "${name} + '（' + #{userName} + '）'" },
      { enName: 'big', cnName: '大单', expr: '${qty} > 10' },
      { enName: 'ghost', cnName: '缺字段', expr: '${missing} + 1' },
      { enName: 'ratio', cnName: '比例', expr: '${price} / ${qty}' },
      { enName: 'header', cnName: '仅表头' },
    ]) as unknown as FormDefinition;
    expect(virtualColumnValues(d, { qty: 12, price: 2.5, name: '螺丝' }, ctx)).toEqual({ total: 30, label: '螺丝（zhang）', big: true, ghost: null, ratio: 2.5 / 12 });
    expect(virtualColumnValues(d, { qty: 0, price: 3, name: null }, ctx)).toMatchObject({ total: 0, ratio: null });
  });
});
