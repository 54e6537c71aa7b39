/**
 * Reading type-2 views (issue 19 item 4, ADR 0995): a view row's combined id names its source
 * record, and virtual columns get their values from the adapter's expression evaluator (never
 * JavaScript, never `$sql`) when a list page or an export is produced, for forms and views alike.
 */
import type { FormDefinition, UserContext } from '../../../../schema-adapters/definition/types.js';
import { computedVirtualColumns, virtualColumnValues } from '../../../../schema-adapters/definition/views.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';

/** Whether a model reads a type-2 view's VIEW. */
export function isViewModel(model: FormModel): boolean {
  return model.main.view === true;
}

/**
 * The source of a view row: `12@contract_ledger` → `{form: 'contract_ledger', id: 12}` when
 * contract_ledger is a source of the view; anything else is a 404 (记录不存在).
 */
export function viewRowSource(model: FormModel, combined: string): { form: string; id: number } {
  const m = /^(\d{1,15})@([a-z][a-z0-9_]{0,62})$/.exec(combined);
  const sources = model.form.storage.view?.sources ?? [];
  if (!m || !sources.some((s) => s.enName === m[2])) throw notFound('记录不存在');
  return { form: m[2], id: Number(m[1]) };
}

/** Adds the virtual columns' values to rows (objects), in place; answers the rows. */
export function addVirtualValues<T extends Record<string, unknown>>(def: FormDefinition, rows: T[], ctx: UserContext): T[] {
  if (!computedVirtualColumns(def).length) return rows;
  for (const row of rows) Object.assign(row, virtualColumnValues(def, row, ctx));
  return rows;
}

/**
 * The list page's JSON row texts with the virtual columns' values added; a form without
 * computed virtual columns keeps the texts as the database wrote them (no parse, no stringify).
 */
export function withVirtualValues(def: FormDefinition, rowsJson: string[], ctx: UserContext): string[] {
  if (!computedVirtualColumns(def).length) return rowsJson;
  return rowsJson.map((j) => JSON.stringify(addVirtualValues(def, [JSON.parse(j) as Record<string, unknown>], ctx)[0]));
}

/** Parses an id list body of a view (`["12@contract", …]`): combined ids only, at most 1000. */
export function parseViewIds(body: unknown): string[] {
  if (!Array.isArray(body)) throw badRequest('请求体须为编号数组');
  if (body.some((v) => typeof v !== 'string' || !/^\d{1,15}@[a-z][a-z0-9_]{0,62}$/.test(v))) throw badRequest('视图的编号须为 编号@表单 形式');
  if (body.length > 1000) throw badRequest('一次最多处理1000条记录');
  return [...new Set(body as string[])];
}
