/** The import template (spec 01 §5 Import columns): a header row of the adapter's `importColumns`, for the form or one sub-form. */
import { importColumns } from '../../../../schema-adapters/index.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { badRequest } from '../../http/HttpError.js';
import type { FormModel } from '../query/formModel.js';
import { xlsxWriter } from './tableWriter.js';

/** Template headers: labels, a leading `*` on required columns (the import reads both). */
export function templateHeaders(model: FormModel, ctx: UserContext, subForm?: string): { title: string; headers: string[] } {
  const cols = importColumns(model.form.definition, ctx);
  const pickFrom = subForm ? cols.find((c) => c.key === subForm && c.funcType === 'subForm')?.children : cols.filter((c) => c.funcType !== 'subForm');
  if (!pickFrom) throw badRequest(`未知子表单：${subForm}`);
  const title = subForm ? `${model.form.cnName}-${model.subs.get(subForm)?.def.label ?? subForm}` : model.form.cnName;
  return { title, headers: pickFrom.filter((c) => c.funcType !== 'serialNumber').map((c) => (c.required ? `*${c.header}` : c.header)) };
}

/** The template as `.xlsx` bytes. */
export async function templateWorkbook(title: string, headers: string[]): Promise<Buffer> {
  const w = xlsxWriter();
  const chunks: Buffer[] = [];
  w.out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => w.out.on('end', r));
  await w.sheet(title, headers);
  await w.close();
  await ended;
  return Buffer.concat(chunks);
}
