/**
 * What a saved value points at must exist inside the caller's tenant (issue 11 items 6 and 10):
 * users, departments and related records are looked up with one batched query per kind (one per
 * related form), file entries must be well formed and name keys under the tenant's own prefix.
 * A value that points nowhere or into another tenant is a 400 on its field, and nothing is written.
 */
import type { Kysely } from 'kysely';
import { existingIds, existingRecordIds } from '../repositories/lookups.js';
import type { Database } from '../../db/types.js';
import { FILE_LIST_TYPES, fileListProblems } from '../../../../schema-adapters/index.js';
import { specOf } from '../../../../schema-adapters/fieldTypes/registry.js';
import type { FieldTypeSpec } from '../../../../schema-adapters/fieldTypes/fieldTypeSpec.js';
import type { FieldDefinition } from '../../../../schema-adapters/definition/types.js';
import type { FieldError } from '../../../shared/envelope.js';
import { badRequest } from '../../http/HttpError.js';
import { parseFileKey } from '../../files/fileKeys.js';
import { keyOfRef } from '../../files/fileRefs.js';
import type { FormModel } from '../query/formModel.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { tenantSchema } from '../storage/names.js';

/** What a field type's values point at (its spec's `references`). */
type Reference = NonNullable<FieldTypeSpec['references']>;

/** One referencing value found in the payload: where it sits, what it points at and the ids it names. */
interface Use {
  field: FieldDefinition;
  ref: Reference;
  path: string;
  ids: number[];
}

const flat = (v: unknown): unknown[] => (Array.isArray(v) ? v.flatMap(flat) : v === null || v === undefined || v === '' ? [] : [v]);

/** The ids a reference value names; a value that is no id at all is reported at once. */
function idsOf(v: unknown): number[] | null {
  const out: number[] = [];
  for (const x of flat(v)) {
    const n = typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,15}$/.test(x) ? Number(x) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0) return null;
    out.push(n);
  }
  return out;
}

function collect(fields: FieldDefinition[], record: Record<string, unknown>, prefix: string, uses: Use[], errors: FieldError[]): void {
  for (const field of fields) {
    const value = Object.hasOwn(record, field.enName) ? record[field.enName] : undefined;
    if (value === undefined || value === null || value === '') continue;
    if (field.funcType === 'subForm' && Array.isArray(value)) {
      value.forEach((row, i) => {
        if (row && typeof row === 'object' && !Array.isArray(row)) collect(field.children ?? [], row as Record<string, unknown>, `${prefix}${field.enName}.${i}.`, uses, errors);
      });
      continue;
    }
    const ref = specOf(field).references;
    if (!ref) continue;
    const ids = idsOf(value);
    const path = `${prefix}${field.enName}`;
    if (!ids) errors.push({ field: path, message: `「${field.label}」的${ref.noun}编号不正确` });
    else if (ids.length) uses.push({ field, ref, path, ids });
  }
}

/** Ids among `ids` that exist, by one query for the kind (and, for related records, the form). */
async function existing(db: Kysely<Database>, tenantId: number, target: Reference['target'], ids: number[], relateEnName?: string): Promise<Set<number>> {
  if (target === 'user' || target === 'dept') return new Set(await existingIds(db, target === 'user' ? 'users' : 'depts', tenantId, ids));
  const form = relateEnName ? await findFormByName(db, tenantId, relateEnName) : undefined;
  const main = form?.storage.tables[0];
  if (!form || !main) return new Set();
  return new Set(await existingRecordIds(db, { schema: tenantSchema(tenantId), table: main.name }, tenantId, ids));
}

/** File entries must name this tenant's keys, and their url the same key (what preview and zip fetch). */
function checkFileKeys(fields: FieldDefinition[], record: Record<string, unknown>, prefix: string, tenantId: number, errors: FieldError[]): void {
  for (const field of fields) {
    const value = Object.hasOwn(record, field.enName) ? record[field.enName] : undefined;
    if (!Array.isArray(value)) continue;
    if (field.funcType === 'subForm') {
      value.forEach((row, i) => {
        if (row && typeof row === 'object' && !Array.isArray(row)) checkFileKeys(field.children ?? [], row as Record<string, unknown>, `${prefix}${field.enName}.${i}.`, tenantId, errors);
      });
      continue;
    }
    if (!FILE_LIST_TYPES.has(field.funcType)) continue;
    for (const entry of value as { fileName: string; url: string }[]) {
      const key = parseFileKey(entry.fileName);
      if (!key || key.tenantId !== tenantId || keyOfRef(entry.url) !== entry.fileName) {
        errors.push({ field: `${prefix}${field.enName}`, message: `「${field.label}」的文件不存在` });
        break;
      }
    }
  }
}

/**
 * Throws a 400 naming the first field at fault when `data` (what is about to be written, main
 * fields and sub-form rows) holds a malformed file entry, another tenant's file, or a user,
 * department or related record that does not exist in the caller's tenant.
 */
export async function assertReferences(db: Kysely<Database>, model: FormModel, tenantId: number, data: Record<string, unknown>): Promise<void> {
  const def = model.form.definition;
  const errors: FieldError[] = fileListProblems(def, data);
  if (!errors.length) checkFileKeys(def.fields, data, '', tenantId, errors);
  const uses: Use[] = [];
  collect(def.fields, data, '', uses, errors);
  if (errors.length) throw badRequest(errors[0].message, errors);
  // One query per target (per related form): all ids of that target in the payload at once.
  const groups = new Map<string, { ref: Reference; relate?: string; uses: Use[] }>();
  for (const use of uses) {
    const relate = use.ref.target === 'record' ? String(use.field.relateEnName ?? '') : undefined;
    const key = `${use.ref.target}:${relate ?? ''}`;
    const group = groups.get(key) ?? { ref: use.ref, relate, uses: [] };
    group.uses.push(use);
    groups.set(key, group);
  }
  for (const { ref, relate, uses: list } of groups.values()) {
    const found = await existing(db, tenantId, ref.target, [...new Set(list.flatMap((u) => u.ids))], relate);
    for (const use of list) {
      if (use.ids.some((id) => !found.has(id))) errors.push({ field: use.path, message: `「${use.field.label}」引用的${ref.noun}不存在` });
    }
  }
  if (errors.length) throw badRequest(errors[0].message, errors);
}
