/**
 * The tenant's names an import resolves labels against (spec 01 §7 importData): labels of options
 * and constants, user and department names, related records' labels and place names become ids on
 * the server; the `$view` companions are the labels the file gave. A cell that names nothing
 * known is a problem for the error report, never a guess. How each type reads its cell lives with
 * the type (schema-adapters/fieldTypes, `importCell`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FieldDefinition, FieldOption } from '../../../../schema-adapters/definition/types.js';
import { findFormByName } from '../repositories/formDefinitions.js';
import { allPlaces, constantTree, recordsByLabel, tenantDepts, tenantUsers } from '../repositories/lookups.js';
import { tenantSchema } from '../storage/names.js';
import type { CellResult, ImportLookups, LabelHit } from '../../../../schema-adapters/cells/cellTypes.js';
import { importCell } from '../../../../schema-adapters/cells/fieldCells.js';

/** One problem of the error report: spreadsheet row, column label, the cell, the message. */
export interface Problem {
  row: number;
  column: string;
  value: string;
  message: string;
}

/** Label → the entries it names (one, or several when ambiguous). */
export type Lookup = Map<string, LabelHit[]>;

function addTo(map: Lookup, key: string, entry: LabelHit) {
  const list = map.get(key) ?? [];
  if (!list.some((e) => String(e.id) === String(entry.id))) list.push(entry);
  map.set(key, list);
}

function optionTree(options: FieldOption[] | undefined, out: Lookup, path: FieldOption[] = []): void {
  for (const o of options ?? []) {
    addTo(out, o.label, { id: o.value, label: o.label });
    optionTree(o.children, out, [...path, o]);
  }
}

/** Resolves labels to ids for one import (tenant-scoped lookups, loaded once per field). */
export class ImportResolver implements ImportLookups {
  private readonly lookups = new Map<string, Lookup>();
  private readonly relatedByLabel = new Map<string, Map<string, number | null | undefined>>();

  constructor(private readonly tenantId: number) {}

  /** The loaded lookups, to hand to the import's worker thread (a structured clone keeps the Maps). */
  lookupTables(): Map<string, Lookup> {
    return this.lookups;
  }

  /** A resolver over lookups loaded elsewhere (`lookupTables`), for a worker thread without a connection. */
  static withLookups(tenantId: number, lookups: Map<string, Lookup>): ImportResolver {
    const r = new ImportResolver(tenantId);
    for (const [k, v] of lookups) r.lookups.set(k, v);
    return r;
  }

  /** Loads what `fields` need (users, departments, constants, places) before any row is read. */
  async prepare(db: Kysely<Database>, fields: FieldDefinition[]): Promise<void> {
    for (const f of fields) {
      const key = this.lookupKey(f);
      if (!key || this.lookups.has(key)) continue;
      const map: Lookup = new Map();
      if (f.funcType === 'user') {
        for (const u of await tenantUsers(db, this.tenantId)) { addTo(map, u.nickName, { id: u.id, label: u.nickName }); addTo(map, u.userName, { id: u.id, label: u.nickName }); }
      } else if (f.funcType === 'dept') {
        for (const d of await tenantDepts(db, this.tenantId)) addTo(map, d.name, { id: d.id, label: d.name });
      } else if (f.funcType === 'address') {
        // Keyed by parent and name: a place name is unique only under its parent.
        for (const p of await allPlaces(db)) addTo(map, `${p.parentId}/${p.name}`, { id: p.id, label: p.name });
      } else if (f.options?.length || !f.configDataId) {
        optionTree(f.options, map);
      } else {
        for (const c of await constantTree(db, this.tenantId, Number(f.configDataId))) addTo(map, c.name, { id: c.id, label: c.name });
      }
      this.lookups.set(key, map);
    }
  }

  /** Looks up the related records a batch of rows names (`labels` per relatedForm field). */
  async prepareRelated(db: Kysely<Database>, field: FieldDefinition, labels: Set<string>): Promise<void> {
    const cache = this.relatedByLabel.get(field.enName) ?? new Map<string, number | null | undefined>();
    this.relatedByLabel.set(field.enName, cache);
    const missing = [...labels].filter((l) => !cache.has(l));
    if (!missing.length || !field.relateEnName) return;
    const form = await findFormByName(db, this.tenantId, String(field.relateEnName));
    const main = form?.storage.tables[0];
    if (!form || !main) return;
    const key = field.relateField ?? form.definition.fields.find((x) => x.funcType === 'input')?.enName;
    const col = main.columns.find((c) => c.field === key && c.role === 'view') ?? main.columns.find((c) => c.field === key && c.role === 'value');
    const rows = await recordsByLabel(db, { schema: tenantSchema(this.tenantId), table: main.name, labelColumn: col?.name ?? null }, this.tenantId, missing);
    for (const m of missing) cache.set(m, null);
    const seen = new Set<string>();
    for (const row of rows) {
      // Two records with one label: the cell is ambiguous.
      cache.set(row.name, seen.has(row.name) ? undefined : Number(row.id));
      seen.add(row.name);
    }
  }

  private lookupKey(f: FieldDefinition): string | null {
    switch (f.funcType) {
      case 'user': return 'users';
      case 'dept': return 'depts';
      case 'address': return 'addresses';
      case 'select': case 'radio': case 'checkbox': case 'cascader': return `options:${f.enName}`;
      default: return null;
    }
  }

  one(f: FieldDefinition, label: string): LabelHit | string {
    const list = this.lookups.get(this.lookupKey(f)!)?.get(label) ?? [];
    if (list.length === 1) return list[0];
    if (!list.length) {
      if (f.funcType === 'user') return `用户“${label}”不存在`;
      if (f.funcType === 'dept') return `部门“${label}”不存在`;
      return `「${f.label}」没有选项“${label}”`;
    }
    return `“${label}”对应多个${f.funcType === 'user' ? '用户' : f.funcType === 'dept' ? '部门' : '选项'}，无法确定`;
  }

  place(parent: number, name: string): number | null {
    const list = this.lookups.get('addresses')?.get(`${parent}/${name}`) ?? [];
    return list.length === 1 ? Number(list[0].id) : null;
  }

  related(f: FieldDefinition, label: string): number | null | undefined {
    // Not looked up, or two records with the label: undefined, which the type reports as ambiguous.
    return this.relatedByLabel.get(f.enName)?.get(label);
  }

  /** The record keys of one cell, or its problem; an empty cell gives nothing (each type's `importCell`). */
  convert(f: FieldDefinition, raw: unknown): CellResult | null {
    return importCell(f, raw, this);
  }
}
