/** Renders records of a form into a print template (the print view's and the PDF's content). */
import { readerOf } from '../records/services/dataScope.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import QRCode from 'qrcode';
import { toColumns } from '../../../schema-adapters/index.js';
import type { AuthUser } from '../auth/types.js';
import { badRequest, notFound } from '../http/HttpError.js';
import { getConfigValue } from '../repositories/configRepository.js';
import { loadModel } from '../records/services/recordContext.js';
import { recordDetail } from '../records/services/recordRead.js';
import { formatDate } from '../../../schema-adapters/index.js';
import type { PrintRender } from '../../shared/print/printLayout.js';
import { fillTemplate } from './fillTemplate.js';
import { compileLayout } from '../../shared/print/layout/compileLayout.js';
import { layoutPageSize, type PrintLayoutModel } from '../../shared/print/layout/layoutModel.js';
import type { FileStore } from '../files/fileStore.js';
import { layoutImages, layoutTexts } from './layoutData.js';
import { sanitizeTemplateHtml } from './sanitizeTemplate.js';
import { findTemplate, findTemplateByName, listTemplates, type PrintTemplateDto } from './templateRepository.js';

/** Spec 01 §5 / §8: a print link (or a call) that names no record, or no template among several. */
export const NO_ID_MESSAGE = '地址错误，请配置id信息';
export const NO_TEMPLATE_NAME_MESSAGE = '地址错误，请配置模版名称信息';
/** Records one print may hold (a batch). */
export { MAX_PRINT_RECORDS } from '../../shared/contract/print.js';
import { MAX_PRINT_RECORDS } from '../../shared/contract/print.js';

/** Which template: by id, by name, or the form's only one. */
export interface TemplateRef {
  templateId?: number;
  templateName?: string;
}

/** The template a print call means; 400 with the spec's message when it is ambiguous, 404 when absent. */
export async function resolveTemplate(db: Kysely<Database>, tenantId: number, formName: string, ref: TemplateRef): Promise<PrintTemplateDto> {
  if (ref.templateId) {
    const t = await findTemplate(db, tenantId, ref.templateId);
    if (!t || t.formName !== formName) throw notFound('打印模版不存在');
    return t;
  }
  if (ref.templateName) {
    const t = await findTemplateByName(db, tenantId, formName, ref.templateName);
    if (!t) throw notFound(`打印模版「${ref.templateName}」不存在`);
    return t;
  }
  const all = await listTemplates(db, tenantId, formName);
  if (all.length === 1) return all[0];
  if (!all.length) throw notFound('该表单没有打印模版');
  throw badRequest(NO_TEMPLATE_NAME_MESSAGE);
}

/** The QR code of a record's mobile link (spec 01 §2.1, ADR 0601) as a data URL; '' when generation fails (spec 01 §8). */
async function qrDataUrl(origin: string, formName: string, id: number, tenantCode: string): Promise<string> {
  const link = `${origin}/mmh5?formName=${encodeURIComponent(formName)}&formId=${id}&tenant=${encodeURIComponent(tenantCode)}`;
  try {
    return await QRCode.toDataURL(link, { width: 192, margin: 1 });
  } catch {
    return '';
  }
}

/** The QR image of an HTML template's `{{$qrcode}}`. */
async function qrImage(origin: string, formName: string, id: number, tenantCode: string): Promise<string> {
  const src = await qrDataUrl(origin, formName, id, tenantCode);
  return src ? `<img class="fw-qrcode" alt="二维码" width="96" height="96" src="${src}">` : '';
}

/** What a render needs to know about the call. */
export interface RenderInput {
  user: AuthUser;
  formName: string;
  ids: number[];
  /** The site's origin, for the QR link. */
  origin: string;
  /** A body to render instead of the stored one (the designer's preview). */
  body?: string;
  /** The designer's preview without a record: each field shows its label in brackets. */
  sample?: boolean;
  /** The file store a layout's images come from. */
  files?: FileStore;
}

/** A stand-in record for the preview: `［label］` for each field, one sub-form row likewise. */
function sampleRecord(columns: ReturnType<typeof toColumns>): Record<string, unknown> {
  const row = (cols: ReturnType<typeof toColumns>): Record<string, unknown> =>
    Object.fromEntries(cols.filter((c) => c.kind === 'field').map((c) => [c.key, c.cell === 'subForm' ? [row(c.children ?? [])] : `［${c.header}］`]));
  return { id: 0, sys_status: 1, ...row(columns) };
}

/** The form's records in the template, each body cleaned again after filling. */
export async function renderPrint(db: Kysely<Database>, template: Pick<PrintTemplateDto, 'id' | 'name' | 'body' | 'paper' | 'orientation' | 'marginTop' | 'marginRight' | 'marginBottom' | 'marginLeft' | 'header' | 'footer'> & { docxName?: string; layout?: PrintLayoutModel | null }, input: RenderInput): Promise<PrintRender> {
  const { user, formName } = input;
  const ids = input.sample ? [0] : [...new Set(input.ids)];
  if (!ids.length) throw badRequest(NO_ID_MESSAGE);
  if (ids.length > MAX_PRINT_RECORDS) throw badRequest(`一次最多打印${MAX_PRINT_RECORDS}条记录`);
  const model = await loadModel(db, user.tenantId, formName);
  const separator = await getConfigValue(db, user.tenantId, 'sys.thousand.separator.enabled');
  const columns = toColumns(model.form.definition, { settings: { 'sys.thousand.separator.enabled': separator } });
  const layout = template.layout ?? null;
  const body = layout ? '' : sanitizeTemplateHtml(input.body ?? template.body);
  const images = layout ? await layoutImages(layout, user.tenantId, input.files) : {};
  const system = { form: model.form.cnName, printTime: formatDate(new Date(), 'yyyy-MM-dd HH:mm:ss'), printUser: user.nickName || user.userName, template: template.name };
  const sheets = [];
  // Only records in the user's data scope are printed (another is 记录不存在, 404).
  const reader = await readerOf(db, user, formName);
  for (const id of ids) {
    const record = input.sample ? sampleRecord(columns) : await recordDetail(db, model, reader, id);
    // A layout compiles to its pages (ADR 1054); either way the result is cleaned like any body.
    const html = layout
      ? compileLayout(layout, { ...layoutTexts(columns, record), qrcode: await qrDataUrl(input.origin, formName, id, user.tenantCode), images }).join('')
      : fillTemplate(body, { columns, record, system, qrImage: await qrImage(input.origin, formName, id, user.tenantCode) });
    sheets.push({ id, html: sanitizeTemplateHtml(html) });
  }
  const { id, name, paper, orientation, marginTop, marginRight, marginBottom, marginLeft, header, footer } = template;
  return {
    formName, formTitle: model.form.cnName,
    template: { id, name, paper, orientation, marginTop, marginRight, marginBottom, marginLeft, header, footer, hasDocx: !!template.docxName, ...(layout ? { page: layoutPageSize(layout) } : {}) },
    sheets,
  };
}
