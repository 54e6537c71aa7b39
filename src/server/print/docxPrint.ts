/** The Word download of a print: one filled .docx for one record, a .zip of them for several. */
import { readerOf } from '../records/services/dataScope.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { zipSync } from 'fflate';
import { formatDate, toColumns } from '../../../schema-adapters/index.js';
import type { AuthUser } from '../auth/types.js';
import { badRequest, notFound } from '../http/HttpError.js';
import { getConfigValue } from '../repositories/configRepository.js';
import { loadModel } from '../records/services/recordContext.js';
import { recordDetail } from '../records/services/recordRead.js';
import { docxData, fillDocx } from './fillDocx.js';
import { MAX_PRINT_RECORDS, NO_ID_MESSAGE } from './renderPrint.js';
import { readTemplateDocx, type PrintTemplateDto } from './templateRepository.js';

/** A file to send. */
export interface DocxFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  ids: number[];
}

/** The filled Word document(s) of `ids` in `template`; 404 when the template has no Word file. */
export async function docxPrint(db: Kysely<Database>, template: PrintTemplateDto, user: AuthUser, formName: string, rawIds: number[]): Promise<DocxFile> {
  const ids = [...new Set(rawIds)];
  if (!ids.length) throw badRequest(NO_ID_MESSAGE);
  if (ids.length > MAX_PRINT_RECORDS) throw badRequest(`一次最多打印${MAX_PRINT_RECORDS}条记录`);
  const source = template.docxName ? await readTemplateDocx(db, user.tenantId, template.id) : undefined;
  if (!source) throw notFound('该打印模版没有 Word 模版');
  const model = await loadModel(db, user.tenantId, formName);
  const separator = await getConfigValue(db, user.tenantId, 'sys.thousand.separator.enabled');
  const columns = toColumns(model.form.definition, { settings: { 'sys.thousand.separator.enabled': separator } });
  const system = { form: model.form.cnName, printTime: formatDate(new Date(), 'yyyy-MM-dd HH:mm:ss'), printUser: user.nickName || user.userName, template: template.name };
  const files: [string, Buffer][] = [];
  // Only records in the user's data scope are printed (another is 记录不存在, 404).
  const reader = await readerOf(db, user, formName);
  for (const id of ids) {
    const record = await recordDetail(db, model, reader, id);
    files.push([`${model.form.cnName}-${template.name}-${id}.docx`, fillDocx(source, docxData(columns, record, system))]);
  }
  if (files.length === 1) return { fileName: files[0][0], contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: files[0][1], ids };
  const zip = zipSync(Object.fromEntries(files.map(([n, b]) => [n, new Uint8Array(b)])));
  return { fileName: `${model.form.cnName}-${template.name}.zip`, contentType: 'application/zip', bytes: Buffer.from(zip), ids };
}
