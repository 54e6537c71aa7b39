// Malformed requests for the fuzz run: list queries, record writes and reads, form definitions.
// Every request is built from a seeded generator, so a failing request can be made again.

/** One request of the run. */
export interface FuzzRequest {
  kind: 'list' | 'record' | 'definition';
  method: 'GET' | 'POST';
  path: string;
  /** A JSON value, or raw text sent as it is (malformed JSON). */
  body?: unknown;
  raw?: string;
  /** Send as the other tenant's administrator. */
  otherTenant?: boolean;
}

/** A field of a target form as the fuzz sees it. */
export interface TargetField {
  enName: string;
  funcType: string;
  children?: TargetField[];
}

/** Mulberry32: small, fast and good enough to spread the cases. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'ctid', 'xmin', 'oid', 'tableoid',
  'id', 'tenant_id', 'sys_status', 'version', 'create_time', '', ' ', 'a'.repeat(300), 'x$view', 'x$start', 'in$_id',
  "'; DROP TABLE users; --", '"quoted"', 'Robert\'); --', '\u0000', '\ud800', '字段', '../../etc/passwd', '${x}', '$sql(SELECT 1)', 'null', 'undefined', 'NaN'];

/** Values of every JSON shape, odd numbers and texts included. */
function junk(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * (depth > 2 ? 12 : 16));
  switch (pick) {
    case 0: return null;
    case 1: return true;
    case 2: return Math.floor(r() * 2 ** 31) * (r() < 0.5 ? -1 : 1);
    case 3: return [1e308, -1e308, 2 ** 53 + 1, -0, 0.1, 1e-320, 1e20][Math.floor(r() * 7)];
    case 4: return NAMES[Math.floor(r() * NAMES.length)];
    case 5: return ['2026-13-45', '2026-02-30', '0000-00-00', '9999-12-31 25:61', 'yesterday', '1e5', '', '  ', '12:00:00', '2026-01-01T00:00:00Z'][Math.floor(r() * 10)];
    case 6: return String.fromCharCode(...Array.from({ length: 1 + Math.floor(r() * 20) }, () => Math.floor(r() * 0xffff)));
    case 7: return 'x'.repeat(Math.floor(r() * 20_000));
    case 8: return String(Math.floor(r() * 1000));
    case 9: return [];
    case 10: return {};
    case 11: return r() < 0.5 ? 'like' : 'equal';
    case 12: return Array.from({ length: Math.floor(r() * 5) }, () => junk(r, depth + 1));
    case 13: return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, () => [NAMES[Math.floor(r() * NAMES.length)], junk(r, depth + 1)]));
    case 14: return Array.from({ length: 500 + Math.floor(r() * 3000) }, (_, i) => `v${i}`);
    default: return { name: junk(r, depth + 1), url: junk(r, depth + 1), fileName: junk(r, depth + 1) };
  }
}

const oneOf = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

/** Any junk value as text (String() throws on an object whose own toString is junk too). */
const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined');

/** A path segment of any junk; a lone surrogate becomes the bytes of one (an invalid UTF-8 escape, a case of its own). */
function seg(v: unknown): string {
  try {
    return encodeURIComponent(text(v));
  } catch {
    return '%ED%A0%80';
  }
}

function fieldName(r: () => number, fields: TargetField[]): string {
  return r() < 0.6 && fields.length ? oneOf(r, fields).enName : oneOf(r, NAMES);
}

function searchEntry(r: () => number, fields: TargetField[]): unknown {
  if (r() < 0.1) return junk(r);
  const name = fieldName(r, fields);
  const entry: Record<string, unknown> = { enName: r() < 0.9 ? name : junk(r) };
  const field = fields.find((f) => f.enName === name);
  if (r() < 0.7) entry[name] = junk(r);
  if (r() < 0.3) entry[`${name}$start`] = junk(r);
  if (r() < 0.3) entry[`${name}$end`] = junk(r);
  if (r() < 0.2) entry[`${name}$view`] = junk(r);
  if (r() < 0.4) entry.searchType = r() < 0.8 ? oneOf(r, ['like', 'equal']) : junk(r);
  if (r() < 0.3) entry.searchRange = r() < 0.8 ? oneOf(r, ['all', 'notNull', 'isNull']) : junk(r);
  if (field?.children || r() < 0.1) entry.children = Array.from({ length: Math.floor(r() * 3) }, () => searchEntry(r, field?.children ?? []));
  return entry;
}

/** A malformed list query (and its siblings: totals, ids, suggestions). */
export function listRequest(r: () => number, form: string, fields: TargetField[]): FuzzRequest {
  const body: Record<string, unknown> = {};
  const keys = ['pageNum', 'pageSize', 'sysOrderBy', 'multiFieldOrder', 'searchConList', 'initFilter', 'sysStatus', 'keyword', 'exactTotal', 'menuId', 'scene', 'calcd', 'range'];
  for (const key of keys) {
    if (r() > 0.35) continue;
    switch (key) {
      case 'sysOrderBy': body[key] = r() < 0.8 ? { field: fieldName(r, fields), order: r() < 0.7 ? oneOf(r, ['asc', 'desc']) : junk(r) } : junk(r); break;
      case 'multiFieldOrder': body[key] = r() < 0.8 ? Array.from({ length: Math.floor(r() * 30) }, () => ({ field: fieldName(r, fields), order: oneOf(r, ['asc', 'desc', 'sideways']) })) : junk(r); break;
      case 'searchConList': body[key] = r() < 0.85 ? Array.from({ length: Math.floor(r() * (r() < 0.05 ? 400 : 5)) }, () => searchEntry(r, fields)) : junk(r); break;
      case 'initFilter': {
        const filter = Object.fromEntries(Array.from({ length: 1 + Math.floor(r() * 3) }, () => [fieldName(r, fields), junk(r)]));
        body[key] = r() < 0.4 ? JSON.stringify(filter) : r() < 0.8 ? filter : r() < 0.5 ? '{not json' : junk(r);
        break;
      }
      case 'calcd': body[key] = Object.fromEntries(Array.from({ length: 1 + Math.floor(r() * 3) }, () => [fieldName(r, fields), r() < 0.7 ? { operation: [oneOf(r, ['sum', 'avg', 'max', 'evil'])], precision: junk(r) } : junk(r)])); break;
      default: body[key] = junk(r);
    }
  }
  if (r() < 0.2) body[`${fieldName(r, fields)}$${oneOf(r, ['start', 'end'])}`] = junk(r);
  const path = oneOf(r, ['list', 'list', 'list', 'getCalcdValue', 'list/ids', 'suggestion', 'haveSub']);
  if (r() < 0.03) return { kind: 'list', method: 'POST', path: `/api/auto/${form}/list`, raw: oneOf(r, ['{"pageNum":', '[', 'null', '"text"', '{"a":1}}', '\u0000']) };
  return { kind: 'list', method: 'POST', path: `/api/auto/${r() < 0.95 ? form : seg(oneOf(r, NAMES))}/${path}`, body: r() < 0.05 ? junk(r) : body, otherTenant: r() < 0.05 };
}

function recordData(r: () => number, fields: TargetField[], depth = 0): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    if (r() < 0.5) continue;
    if (f.children && depth === 0 && r() < 0.7) data[f.enName] = Array.from({ length: Math.floor(r() * 3) }, () => (r() < 0.9 ? recordData(r, f.children!, 1) : junk(r)));
    else data[f.enName] = junk(r);
  }
  if (r() < 0.2) data[oneOf(r, NAMES)] = junk(r);
  return data;
}

/** A malformed record call: add, stash, edit, detail, copy, delete, void, checks, hide. */
export function recordRequest(r: () => number, form: string, fields: TargetField[], ids: number[]): FuzzRequest {
  const id = () => (r() < 0.6 && ids.length ? oneOf(r, ids) : junk(r));
  const idText = () => seg(id());
  const body = () => ({ formName: r() < 0.9 ? form : junk(r), data: r() < 0.9 ? recordData(r, fields) : junk(r), uuid: r() < 0.5 ? undefined : r() < 0.5 ? `fuzz-${Math.floor(r() * 50)}` : junk(r), version: r() < 0.5 ? 1 : junk(r) });
  const otherTenant = r() < 0.05;
  switch (Math.floor(r() * 10)) {
    case 0:
    case 1: return { kind: 'record', method: 'POST', path: `/api/auto/${form}/add`, body: body(), otherTenant };
    case 2: return { kind: 'record', method: 'POST', path: `/api/auto/stash/${form}/add`, body: body(), otherTenant };
    case 3: return { kind: 'record', method: 'POST', path: `/api/auto/${form}/edit/${idText()}`, body: body(), otherTenant };
    case 4: return { kind: 'record', method: 'GET', path: `/api/auto/${form}/${idText()}${r() < 0.3 ? '/copy' : ''}`, otherTenant };
    case 5: return { kind: 'record', method: 'POST', path: `/api/auto/${form}/check/${oneOf(r, ['delete', 'invalid', 'constructor', 'x'])}`, body: r() < 0.7 ? [id(), id()] : junk(r), otherTenant };
    case 6: return { kind: 'record', method: 'POST', path: `/api/auto/${form}/invalid/`, body: r() < 0.7 ? [id()] : junk(r), otherTenant };
    case 7: return { kind: 'record', method: 'POST', path: `/api/auto/${form}/delete`, body: r() < 0.5 ? [junk(r)] : junk(r), otherTenant };
    case 8: return { kind: 'record', method: 'POST', path: `/api/auto/${form}/${seg(fieldName(r, fields))}/hide`, body: { formName: form, fieldName: junk(r), data: r() < 0.7 ? recordData(r, fields) : junk(r) }, otherTenant };
    default: return { kind: 'record', method: 'POST', path: `/api/auto/${form}/add`, raw: oneOf(r, ['{"data":', '{"data":{"a":1}', 'null', '[1,2', '{"data":{"x":"\\ud800"}}']) };
  }
}

const FUNC_TYPES = ['input', 'textarea', 'number', 'rate', 'select', 'radio', 'checkbox', 'cascader', 'switch', 'color', 'dateStamp', 'dateRange', 'timeOnly',
  'user', 'dept', 'relatedForm', 'address', 'upload', 'idCard', 'invoice', 'qrCode', 'button', 'serialNumber', 'sysStatus', 'business', 'position', 'groupTitle', 'divider', 'subForm'];
const CONDITIONS = ['${a} == 1', '${a} >', '!!!', '#{userId} in ${a}', '$sql(SELECT 1)', '$sql(SELECT ${a})', '$${x} == 1', 'contains(${a}, "x")', '((((((((((1))))))))))', 'len(', '"unterminated', '1 ? 2 : 3'];

function fieldDef(r: () => number, i: number, depth: number): Record<string, unknown> {
  const f: Record<string, unknown> = {
    enName: r() < 0.85 ? `f${i}` : oneOf(r, NAMES),
    label: r() < 0.9 ? `字段${i}` : junk(r),
    funcType: r() < 0.9 ? oneOf(r, FUNC_TYPES) : junk(r),
  };
  if (f.funcType === 'subForm') f.children = depth < 1 && r() < 0.8 ? Array.from({ length: Math.floor(r() * 4) }, (_, k) => fieldDef(r, k, depth + 1)) : junk(r);
  if (['select', 'radio', 'checkbox', 'cascader'].includes(text(f.funcType))) f.options = r() < 0.6 ? [{ label: '甲', value: 'a' }, { label: '乙', value: junk(r) }] : junk(r);
  if (f.funcType === 'relatedForm') f.relateEnName = r() < 0.5 ? 'contract_ledger' : junk(r);
  for (const key of ['hideCondition', 'requiredCon', 'disabledCon', 'maxLength', 'fixLength', 'precision', 'min', 'max', 'span', 'format', 'selectMode', 'configDataId', 'multiple', 'type', 'columnId']) {
    if (r() < 0.08) f[key] = key.endsWith('Con') || key === 'hideCondition' ? (r() < 0.7 ? oneOf(r, CONDITIONS) : junk(r)) : junk(r);
  }
  return f;
}

/** A malformed definition save (create or edit), or a definition read by a hostile name. */
export function definitionRequest(r: () => number, formIds: number[]): FuzzRequest {
  const name = r() < 0.8 ? `fuzz_${Math.floor(r() * 20)}` : junk(r);
  // Now and then a definition past the column limit (1589 data columns), which must be refused, not migrated.
  const count = r() < 0.01 ? 1590 + Math.floor(r() * 2000) : Math.floor(r() * 8);
  const def: Record<string, unknown> = { enName: name, cnName: r() < 0.9 ? '模糊测试' : junk(r), fields: r() < 0.95 ? Array.from({ length: count }, (_, i) => fieldDef(r, i, 0)) : junk(r) };
  if (r() < 0.1) def.feature = { columnEvalList: [{ enName: junk(r), type: junk(r) }], pcTableElements: junk(r) };
  if (r() < 0.1) def.buttons = junk(r);
  if (r() < 0.1) def.type = junk(r);
  switch (Math.floor(r() * 6)) {
    case 0:
    case 1:
    case 2: return { kind: 'definition', method: 'POST', path: '/api/flowable/form', body: r() < 0.95 ? def : junk(r) };
    case 3: return { kind: 'definition', method: 'POST', path: '/api/flowable/form/edit', body: { ...def, id: r() < 0.5 && formIds.length ? oneOf(r, formIds) : junk(r) } };
    case 4: return { kind: 'definition', method: 'GET', path: `/api/flowable/form/en/${seg(junk(r))}` };
    default: return { kind: 'definition', method: 'POST', path: '/api/flowable/form', raw: oneOf(r, ['{"enName":"x","fields":[', '[]', '{}', '"x"', '{"enName":"x","cnName":"y","fields":[{"enName":"a","label":"b","funcType":"input"}]}}']) };
  }
}
