/**
 * The import template (spec 01 §5 Import columns): a header row of the adapter's `importColumns`.
 * The form's template has the main sheet and one sheet per sub-form (主表序号 first: the main
 * row's ordinal, as the export writes it); with a sub-form name, only that sub-form's sheet.
 */
import { importColumns } from '../../../../schema-adapters/index.js';
import type { ColumnModel } from '../../../../schema-adapters/index.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { PARENT_COLUMN } from './importSubSheets.js';
import { xlsxWriter } from './tableWriter.js';

/** One sheet of a template: its name and header cells. */
export interface TemplateSheet {
  name: string;
  headers: string[];
}

/** Header cells of columns: labels, a leading `*` on required ones (the import reads both). */
const headersOf = (cols: ColumnModel[]) => cols.filter((c) => c.funcType !== 'serialNumber').map((c) => (c.required ? `*${c.header}` : c.header));

/** The template's title (its file name) and sheets. */
export function templateHeaders(model: FormModel, ctx: UserContext, subForm?: string): { title: string; sheets: TemplateSheet[] } {
  const cols = importColumns(model.form.definition, ctx);
  const subSheet = (c: ColumnModel): TemplateSheet => ({ name: model.subs.get(c.key)?.def.label ?? c.header, headers: [PARENT_COLUMN, ...headersOf(c.children ?? [])] });
  if (subForm) {
    const sub = cols.find((c) => c.key === subForm && c.funcType === 'subForm');
    if (!sub) throw badRequest(`未知子表单：${subForm}`);
    return { title: `${model.form.cnName}-${model.subs.get(subForm)?.def.label ?? subForm}`, sheets: [subSheet(sub)] };
  }
  const subs = cols.filter((c) => c.funcType === 'subForm' && (c.children ?? []).length);
  return { title: model.form.cnName, sheets: [{ name: model.form.cnName, headers: headersOf(cols.filter((c) => c.funcType !== 'subForm')) }, ...subs.map(subSheet)] };
}

/** The template as `.xlsx` bytes. */
export async function templateWorkbook(sheets: TemplateSheet[]): Promise<Buffer> {
  const w = xlsxWriter();
  const chunks: Buffer[] = [];
  w.out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => w.out.on('end', r));
  for (const s of sheets) await w.sheet(s.name, s.headers);
  await w.close();
  await ended;
  return Buffer.concat(chunks);
}
