/**
 * `$view` companions computed on the server (spec 01 §3.3) from fixed options, constants,
 * users, departments, addresses and related records — never taken from the client.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ADDRESS_PARTS } from '../../../../schema-adapters/index.js';
import type { FieldDefinition, FieldOption } from '../../../../schema-adapters/definition/types.js';
import type { ModelField, ModelTable } from '../query/formModel.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { namesById as lookupNames, recordLabelsById, type LookupTable } from '../repositories/lookups.js';
import { tenantSchema } from '../storage/names.js';

const flat = (v: unknown): unknown[] => (Array.isArray(v) ? v.flatMap(flat) : v === null || v === undefined || v === '' ? [] : [v]);

function optionLabel(options: FieldOption[] | undefined, value: unknown): string | undefined {
  for (const o of options ?? []) {
    if (String(o.value) === String(value)) return o.label;
    const inner = optionLabel(o.children, value);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

async function namesById(db: Kysely<Database>, table: LookupTable, tenantId: number, ids: unknown[], parent?: unknown): Promise<Map<string, string>> {
  const nums = ids.map((v) => Number(v)).filter((n) => Number.isSafeInteger(n));
  return new Map((await lookupNames(db, table, tenantId, nums, parent === undefined ? undefined : Number(parent))).map((x) => [String(x.id), x.name]));
}

async function relatedLabels(db: Kysely<Database>, tenantId: number, def: FieldDefinition, ids: unknown[]): Promise<Map<string, string>> {
  const nums = ids.map((v) => Number(v)).filter((n) => Number.isSafeInteger(n));
  if (!def.relateEnName || !nums.length) return new Map();
  const form = await findFormByName(db, tenantId, String(def.relateEnName));
  const main = form?.storage.tables[0];
  if (!form || !main) return new Map();
  const key = def.relateField ?? form.definition.fields.find((f) => f.funcType === 'input')?.enName;
  const col = main.columns.find((c) => c.field === key && c.role === 'view') ?? main.columns.find((c) => c.field === key && c.role === 'value');
  const rows = await recordLabelsById(db, { schema: tenantSchema(tenantId), table: main.name, labelColumn: col?.name ?? null }, tenantId, nums);
  return new Map(rows.map((x) => [String(x.id), x.name]));
}

async function viewOf(db: Kysely<Database>, tenantId: number, f: ModelField, value: unknown): Promise<string | null> {
  const def = f.def;
  const values = flat(value);
  if (!values.length) return null;
  let names: Map<string, string>;
  switch (def.funcType) {
    case 'user': names = await namesById(db, 'users', tenantId, values); break;
    case 'dept': names = await namesById(db, 'depts', tenantId, values); break;
    case 'address': names = await namesById(db, 'addresses', tenantId, values); break;
    case 'relatedForm': names = await relatedLabels(db, tenantId, def, values); break;
    case 'position': return values.map(String).join(',');
    default:
      if (def.options?.length || !def.configDataId) {
        names = new Map(values.map((v) => [String(v), optionLabel(def.options, v) ?? String(v)]));
      } else names = await namesById(db, 'constants', tenantId, values, def.configDataId);
  }
  const sep = def.funcType === 'cascader' || def.funcType === 'address' ? '/' : ',';
  if (def.funcType === 'cascader' && def.multiple && Array.isArray(value)) {
    return (value as unknown[]).map((path) => flat(path).map((v) => names.get(String(v)) ?? String(v)).join('/')).join(',');
  }
  return values.map((v) => names.get(String(v)) ?? String(v)).join(sep);
}

/** The `$view` value of every field of `table` present in `data` (column name → text). */
export async function computeViews(db: Kysely<Database>, tenantId: number, table: ModelTable, data: Record<string, unknown>): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const f of table.fields.values()) {
    const view = f.columns.view;
    if (!view) continue;
    let value = data[f.def.enName];
    if (value === undefined && f.def.funcType === 'address') {
      const parts = ADDRESS_PARTS.map((part) => data[`${f.def.enName}${part}`]).filter((p) => p !== undefined && p !== null && p !== '');
      if (parts.length) value = parts;
    }
    if (value === undefined) continue;
    out.set(view.name, await viewOf(db, tenantId, f, value));
  }
  return out;
}
