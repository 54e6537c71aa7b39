/**
 * What a save would do (issue 19 item 2, ADR 0980): the adapter's definition problems, and the
 * data changes found by comparing the stored storage snapshot with the tables of the new
 * definition, counted in the form's tables. The storage migration never drops a column: a removed
 * field or sub-form is retired under another name (its data stays and returns with the field), and
 * a retype converts every value or refuses the whole save. The sentences say exactly that.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition, FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { validateDefinition } from '../../../../schema-adapters/index.js';
import type { DataChange, DefinitionCheck, DefinitionProblemDto } from '../../../shared/contract/formVersions.js';
import { HttpError } from '../../http/HttpError.js';
import { assignColumnIds } from '../storage/columnIds.js';
import { formTables } from '../storage/formStorage.js';
import { tenantSchema } from '../storage/names.js';
import { KIND_LABEL, retypeRefusal } from '../storage/retype.js';
import { inTransaction } from './inTransaction.js';
import { guardDefinitionSql } from './sqlHide.js';
import type { StorageColumn } from '../storage/types.js';
import type { FormRow } from '../repositories/formDefinitions.js';
import { countRowsWithValues } from '../repositories/formVersions.js';

interface Placed {
  field: FieldDefinition;
  parent: FieldDefinition | null;
  /** Path in the definition, as validateDefinition writes it (`fields[2].children[0]`). */
  path: string;
}

function byColumnId(def: FormDefinition): Map<number, Placed> {
  const out = new Map<number, Placed>();
  (def.fields ?? []).forEach((f, i) => {
    out.set(Number(f.columnId), { field: f, parent: null, path: `fields[${i}]` });
    if (f.funcType === 'subForm') {
      (f.children ?? []).forEach((c, j) => out.set(Number(c.columnId), { field: c, parent: f, path: `fields[${i}].children[${j}]` }));
    }
  });
  return out;
}

const nameOf = (p: Placed) => (p.parent ? `${p.parent.enName}.${p.field.enName}` : p.field.enName);
const labelOf = (p: Placed) => p.field.label || p.field.enName;
const roleKey = (c: StorageColumn) => `${c.columnId}:${c.role}`;

/**
 * The data changes of replacing `old` by `next` (whose fields already carry column ids), and the
 * problems of retypes the storage migration would refuse (each tried under a savepoint that is
 * rolled back, in the caller's transaction or a new one).
 */
export async function dataChangesOf(db: Kysely<Database>, tenantId: number, old: FormRow, next: FormDefinition): Promise<DefinitionCheck> {
  const schema = tenantSchema(tenantId);
  const was = byColumnId(old.definition);
  const now = byColumnId(next);
  const newTables = new Map(formTables(next).map((t) => [t.columnId, t]));
  const dataChanges: DataChange[] = [];
  const problems: DefinitionProblemDto[] = [];
  const retypes: { table: string; column: StorageColumn; to: StorageColumn; label: string; path: string }[] = [];
  for (const table of old.storage.tables) {
    const nt = newTables.get(table.columnId);
    if (!nt) {
      const sub = was.get(table.columnId);
      const rows = await countRowsWithValues(db, schema, table.name, []);
      const label = sub ? labelOf(sub) : table.field;
      if (rows > 0) {
        dataChanges.push({
          kind: 'dropSubForm', field: sub?.field.enName ?? table.field, label, rows,
          effect: `子表单“${label}”将被删除，${rows} 行明细将不再显示（数据保留在库中，恢复此子表单或旧版本即可找回）`,
        });
      }
      continue;
    }
    const kept = new Map(nt.columns.map((c) => [roleKey(c), c]));
    const groups = new Map<number, StorageColumn[]>();
    for (const c of table.columns) groups.set(c.columnId, [...(groups.get(c.columnId) ?? []), c]);
    for (const [columnId, cols] of groups) {
      const before = was.get(columnId);
      const after = now.get(columnId);
      if (!before) continue;
      if (!after || !nt.columns.some((c) => c.columnId === columnId)) {
        const rows = await countRowsWithValues(db, schema, table.name, cols.map((c) => c.name));
        if (rows > 0) {
          const label = labelOf(before);
          const unit = before.parent ? '行明细' : '条记录';
          dataChanges.push({
            kind: 'drop', field: nameOf(before), label, rows,
            effect: `字段“${label}”将被删除，${rows} ${unit}中的值将不再显示（数据保留在库中，恢复此字段或旧版本即可找回）`,
          });
        }
        continue;
      }
      const changed = cols.filter((c) => kept.get(roleKey(c))?.kind !== c.kind);
      if (!changed.length) continue;
      const rows = await countRowsWithValues(db, schema, table.name, changed.map((c) => c.name));
      if (rows === 0) continue;
      const label = labelOf(after);
      const unit = after.parent ? '行明细' : '条记录';
      const conversions = changed.map((c) => {
        const to = kept.get(roleKey(c));
        if (to) retypes.push({ table: table.name, column: c, to, label, path: `${after.path}.funcType` });
        // A role the new type does not have (e.g. a text value when it becomes a date range) is retired like a removed field.
        return to ? `${KIND_LABEL[c.kind]}转为${KIND_LABEL[to.kind]}` : `原${KIND_LABEL[c.kind]}值不再显示，保留在库中`;
      });
      const verb = changed.every((c) => kept.has(roleKey(c))) ? '将被转换' : '将受影响';
      dataChanges.push({
        kind: 'retype', field: nameOf(after), label, from: String(before.field.funcType), to: String(after.field.funcType), rows,
        effect: `字段“${label}”的类型将从 ${String(before.field.funcType)} 改为 ${String(after.field.funcType)}，${rows} ${unit}中的值${verb}（${[...new Set(conversions)].join('，')}）；若有值无法无损转换，保存会被拒绝，数据保持不变`,
      });
    }
  }
  if (retypes.length) {
    await inTransaction(db, async (trx) => {
      for (const r of retypes) {
        const refusal = await retypeRefusal(trx, schema, r.table, r.column.name, r.column.kind, r.to.kind, r.label);
        if (refusal) problems.push({ path: r.path, message: refusal });
      }
    });
  }
  return { problems, dataChanges };
}

/** The structured problems of a definition (adapter rules plus the server's own), or none. */
export function definitionProblems(input: unknown): DefinitionProblemDto[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return [{ path: '', message: '表单定义须为JSON对象' }];
  if (JSON.stringify(input).includes('\\u0000')) return [{ path: '', message: '表单定义含有不允许的字符' }];
  return validateDefinition(input);
}

/** The check of `input` against the stored form `old` (none for a new form). */
export async function checkAgainst(db: Kysely<Database>, tenantId: number, old: FormRow | undefined, input: unknown): Promise<DefinitionCheck> {
  const problems = definitionProblems(input);
  if (!problems.length) {
    // `$sql` conditions and defaults are checked against the tenant's tables, as a save does.
    try {
      await guardDefinitionSql(db, tenantId, input as FormDefinition);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      problems.push(...(err.errors?.length ? err.errors.map((e) => ({ path: e.field, message: e.message })) : [{ path: '', message: err.message }]));
    }
  }
  if (problems.length || !old) return { problems, dataChanges: [] };
  const def = input as FormDefinition;
  if (def.enName !== old.enName) return { problems: [{ path: 'enName', message: '表单英文名不能修改' }], dataChanges: [] };
  let next: FormDefinition;
  try {
    next = assignColumnIds({ ...def, id: undefined } as FormDefinition, old.definition).def;
  } catch (err) {
    if (err instanceof HttpError) return { problems: [{ path: 'fields', message: err.message }], dataChanges: [] };
    throw err;
  }
  return dataChangesOf(db, tenantId, old, next);
}
