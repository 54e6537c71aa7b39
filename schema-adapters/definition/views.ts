/**
 * Type-2 views (spec 01 §3.1) and virtual columns: the shape of a view definition, its checks,
 * and the values of `feature.virtualColumns`. Plain data in, plain data out.
 *
 * A view definition is a form definition with `type: 2`, its own `fields` (what the list shows,
 * searches and sorts) and `view`:
 *
 * ```json
 * { "enName": "all_orders", "cnName": "全部订单", "type": 2,
 *   "fields": [{ "enName": "title", "label": "名称", "funcType": "input" }, …],
 *   "view": { "sources": ["contracts", "purchases"],
 *             "columns": { "title": { "contracts": "name", "purchases": "title" },
 *                          "amount": { "contracts": "amount", "purchases": null } } } }
 * ```
 *
 * Each view field maps, per source form, to a field of that form or to null (the source has no
 * such value: the view shows an empty cell). A mapped source field must store the same columns
 * (the same kinds, companions included) as the view field: `viewSourceProblems` checks that
 * against the source definitions (the server calls it; the sources' existence is its check).
 */
import { evaluateValue, expressionError } from '../buttons/evaluateValue';
import { storageColumns, type StorageColumn } from '../records/storageColumns';
import { EN_NAME_PATTERN } from './names';
import { FIELD_TYPE_LABELS } from '../fieldTypes/palette';
import type { FieldDefinition, FormDefinition, UserContext } from './types';

/** A field type as the palette names it (messages never show a funcType key, issue 27 item 7). */
const typeName = (funcType: string): string => (FIELD_TYPE_LABELS as Record<string, string>)[funcType] ?? funcType;

/** The `view` part of a type-2 definition. */
export interface ViewSpec {
  /** enNames of the source forms, in the order their rows are listed. */
  sources: string[];
  /** View field enName → (source enName → source field enName or null). */
  columns: Record<string, Record<string, string | null>>;
}

/** A virtual column (spec 01 §3.1 virtualColumns): a header and an expression over the row. */
export interface VirtualColumn {
  enName: string;
  cnName: string;
  /** An expression of the condition grammar's value form (CONTRACT.md §5), e.g. `${qty} * ${price}`. */
  expr?: string;
}

/** One problem, with the same shape as validateDefinition's. */
export interface ViewProblem {
  path: string;
  message: string;
}

/** The most source forms a view may name (each is one UNION ALL branch). */
export const MAX_VIEW_SOURCES = 20;

/** Field types a view may show: those with stored values outside sub-forms. */
const NOT_IN_VIEW = new Set(['subForm', 'button', 'groupTitle', 'divider', 'qrCode', 'sysStatus']);

/** Types whose values mean something only to their own type (ids of users, options …): mapped only to the same type. */
const SAME_TYPE_ONLY = new Set(['select', 'radio', 'checkbox', 'cascader', 'user', 'dept', 'relatedForm', 'address', 'position', 'upload', 'dateRange', 'switch']);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Whether a definition is a type-2 view. */
export function isViewDefinition(def: { type?: unknown } | null | undefined): boolean {
  return def != null && Number(def.type) === 2;
}

/** The view spec of a type-2 definition (after validation), or null. */
export function viewSpecOf(def: FormDefinition): ViewSpec | null {
  return isViewDefinition(def) && isObject(def.view) ? (def.view as unknown as ViewSpec) : null;
}

/**
 * The shape checks of a definition's `view` (validateDefinition runs them): only a type-2
 * definition may have one (without one it is a read-only table of its own, the older kind); sources are distinct valid enNames (not the
 * view itself); every view field is mapped for every source, to a field enName or null; view
 * fields are value types outside sub-forms.
 */
export function viewShapeProblems(def: Record<string, unknown>): ViewProblem[] {
  const out: ViewProblem[] = [];
  const view = def.view;
  if (!isViewDefinition(def)) {
    if (view != null) out.push({ path: 'view', message: '只有视图才能配置来源表单和字段对应' });
    return out;
  }
  // A type-2 definition without `view` is the older kind: a read-only table of its own (docs/forms.md).
  if (view == null) return out;
  if (!isObject(view)) return [{ path: 'view', message: '视图须配置来源表单和各字段的对应字段' }];
  const sources = view.sources;
  if (!Array.isArray(sources) || !sources.length) {
    out.push({ path: 'view.sources', message: '视图须至少有一个来源表单' });
    return out;
  }
  if (sources.length > MAX_VIEW_SOURCES) out.push({ path: 'view.sources', message: `视图最多有 ${MAX_VIEW_SOURCES} 个来源表单` });
  const seen = new Set<string>();
  sources.forEach((s, i) => {
    if (typeof s !== 'string' || !EN_NAME_PATTERN.test(s)) out.push({ path: `view.sources[${i}]`, message: `来源表单 “${String(s)}” 不合法` });
    else if (s === def.enName) out.push({ path: `view.sources[${i}]`, message: '视图不能以自己为来源' });
    else if (seen.has(s)) out.push({ path: `view.sources[${i}]`, message: `来源表单 “${s}” 重复` });
    else seen.add(s);
  });
  const columns = view.columns;
  if (!isObject(columns)) {
    out.push({ path: 'view.columns', message: '视图须配置每个字段在来源表单中的对应字段' });
    return out;
  }
  const fields = Array.isArray(def.fields) ? (def.fields as unknown[]).filter(isObject) : [];
  const names = new Set(fields.map((f) => String(f.enName)));
  fields.forEach((f, i) => {
    // Named by its label, as the designer shows it (issue 27 item 7).
    const name = typeof f.label === 'string' && f.label.trim() ? `「${f.label}」` : ` “${String(f.enName)}” `;
    if (NOT_IN_VIEW.has(String(f.funcType))) out.push({ path: `fields[${i}].funcType`, message: `视图不支持字段${name}的类型` });
    const mapping = columns[String(f.enName)];
    if (!isObject(mapping)) { out.push({ path: `view.columns.${String(f.enName)}`, message: `视图字段${name}须配置各来源表单的对应字段` }); return; }
    for (const s of seen) {
      const target = mapping[s];
      if (target === undefined) out.push({ path: `view.columns.${String(f.enName)}.${s}`, message: `视图字段${name}须配置来源表单 “${s}” 的对应字段（没有时写 null）` });
      else if (target !== null && (typeof target !== 'string' || !EN_NAME_PATTERN.test(target))) out.push({ path: `view.columns.${String(f.enName)}.${s}`, message: `对应字段 “${String(target)}” 不合法` });
    }
    for (const key of Object.keys(mapping)) {
      if (!seen.has(key)) out.push({ path: `view.columns.${String(f.enName)}.${key}`, message: `“${key}” 不是视图的来源表单` });
    }
  });
  for (const key of Object.keys(columns)) {
    if (!names.has(key)) out.push({ path: `view.columns.${key}`, message: `视图字段 “${key}” 不存在` });
  }
  return out;
}

const columnShape = (cols: StorageColumn[]) => cols.map((c) => `${c.name.slice(c.fieldEnName.length)}:${c.kind}:${c.multiValued ? 'n' : '1'}`).join(',');

function fieldShape(field: FieldDefinition): string {
  return columnShape(storageColumns({ enName: 'x', cnName: 'x', fields: [field] }) as StorageColumn[]);
}

/**
 * The checks that need the source definitions (the server passes the stored ones): each source
 * exists and is a form (not a view), and each mapped source field exists outside sub-forms and
 * stores the same columns as the view field (a number maps to a number, input to textarea);
 * choices, people, departments, relations, places, files, ranges and switches map only to
 * their own type. `sources` maps a source enName to its definition; missing means absent.
 */
export function viewSourceProblems(def: FormDefinition, sources: ReadonlyMap<string, FormDefinition>): ViewProblem[] {
  const spec = viewSpecOf(def);
  if (!spec) return [];
  const out: ViewProblem[] = [];
  spec.sources.forEach((name, i) => {
    const source = sources.get(name);
    if (!source) out.push({ path: `view.sources[${i}]`, message: `来源表单 “${name}” 不存在` });
    else if (isViewDefinition(source)) out.push({ path: `view.sources[${i}]`, message: `来源 “${name}” 是视图，视图只能建立在表单上` });
  });
  for (const field of def.fields) {
    const want = fieldShape(field);
    for (const name of spec.sources) {
      const source = sources.get(name);
      const target = spec.columns[field.enName]?.[name];
      if (!source || isViewDefinition(source) || target == null) continue;
      const at = `view.columns.${field.enName}.${name}`;
      const sourceField = source.fields.find((f) => f.enName === target);
      if (!sourceField || sourceField.funcType === 'subForm') { out.push({ path: at, message: `来源表单 “${name}” 没有字段 “${target}”` }); continue; }
      const sameKind = sourceField.funcType === field.funcType || !(SAME_TYPE_ONLY.has(sourceField.funcType) || SAME_TYPE_ONLY.has(field.funcType));
      if (fieldShape(sourceField) !== want || !sameKind) {
        out.push({ path: at, message: `来源表单 “${name}” 的字段「${sourceField.label || target}」（${typeName(sourceField.funcType)}）与视图字段「${field.label || field.enName}」（${typeName(field.funcType)}）的类型不兼容` });
      }
    }
  }
  return out;
}

/** The checks of `feature.virtualColumns`: distinct names not taken by fields, a header, a parsable expression. */
export function virtualColumnProblems(feature: unknown, fieldNames: ReadonlySet<string>): ViewProblem[] {
  if (!isObject(feature) || feature.virtualColumns == null) return [];
  const list = feature.virtualColumns;
  if (!Array.isArray(list)) return [{ path: 'feature.virtualColumns', message: '虚拟列须为一个列表' }];
  const out: ViewProblem[] = [];
  const seen = new Set<string>();
  list.forEach((raw, i) => {
    const at = `feature.virtualColumns[${i}]`;
    if (!isObject(raw)) { out.push({ path: at, message: `第 ${i + 1} 个虚拟列须有列名称、英文名和计算式` }); return; }
    const { enName, cnName, expr } = raw;
    const column = typeof cnName === 'string' && cnName.trim() ? `虚拟列「${cnName}」` : `第 ${i + 1} 个虚拟列`;
    if (typeof enName !== 'string' || !EN_NAME_PATTERN.test(enName)) out.push({ path: `${at}.enName`, message: `虚拟列英文名 “${String(enName)}” 不合法` });
    else if (fieldNames.has(enName)) out.push({ path: `${at}.enName`, message: `虚拟列英文名 “${enName}” 与字段重名` });
    else if (seen.has(enName)) out.push({ path: `${at}.enName`, message: `虚拟列英文名 “${enName}” 重复` });
    else seen.add(enName);
    if (typeof cnName !== 'string' || !cnName.trim()) out.push({ path: `${at}.cnName`, message: '虚拟列名称不能为空' });
    if (expr == null || expr === '') return;
    if (typeof expr !== 'string') { out.push({ path: `${at}.expr`, message: `${column}的计算式须为文本` }); return; }
    if (/^\s*\$sql\s*\(/i.test(expr)) { out.push({ path: `${at}.expr`, message: `${column}的计算式不支持 $sql(…)` }); return; }
    const error = expressionError(expr);
    if (error) out.push({ path: `${at}.expr`, message: `${column}的计算式无法解析：${error}` });
  });
  return out;
}

/** The virtual columns that carry an expression. */
export function computedVirtualColumns(def: FormDefinition): VirtualColumn[] {
  const list = def.feature?.virtualColumns as VirtualColumn[] | undefined;
  return (list ?? []).filter((v) => typeof v.expr === 'string' && v.expr.trim() !== '');
}

/**
 * The values of the definition's virtual columns over one row (a list row: field values by
 * enName, system columns): `${qty} * ${price}` over `{qty: 2, price: 3}` → `{total: 6}`. An
 * expression naming a field the row lacks, or failing, gives null (a cell, not an error).
 */
export function virtualColumnValues(def: FormDefinition, row: Record<string, unknown>, ctx: UserContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const v of computedVirtualColumns(def)) {
    const r = evaluateValue(v.expr as string, row, ctx);
    out[v.enName] = 'value' in r ? (r.value === undefined ? null : r.value) : null;
  }
  return out;
}
