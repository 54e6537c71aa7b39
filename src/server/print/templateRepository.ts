/** Print templates (`print_templates`), always within one tenant; the only SQL of templates. */
import type { Kysely } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database, PrintTemplatesTable } from '../db/types.js';
import type { PrintLayout } from '../../shared/print/printLayout.js';
import type { PrintLayoutModel } from '../../shared/print/layout/layoutModel.js';

/** A template as the API answers it. */
export interface PrintTemplateDto extends PrintLayout {
  id: number;
  formName: string;
  name: string;
  body: string;
  /** `layout`: made in the visual designer (ADR 1054); `html`: a body, optionally with a Word file. */
  kind: 'html' | 'layout';
  /** The designer's layout of a `layout` template, else null. */
  layout: PrintLayoutModel | null;
  /** File name of the template's Word document ('' when it has none). */
  docxName: string;
  createBy: string;
  createTime: Date;
  updateBy: string;
  updateTime: Date;
}

/** What an add or an edit writes. */
export type PrintTemplateInput = Omit<PrintTemplateDto, 'id' | 'kind' | 'docxName' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'>;

const COLUMNS = ['id', 'form_name', 'name', 'paper', 'orientation', 'margin_top', 'margin_right', 'margin_bottom', 'margin_left', 'header', 'footer', 'body', 'layout', 'docx_name', 'create_by', 'create_time', 'update_by', 'update_time'] as const;

function toDto(r: Pick<Selectable<PrintTemplatesTable>, (typeof COLUMNS)[number]>): PrintTemplateDto {
  return {
    id: r.id, formName: r.form_name, name: r.name, paper: r.paper, orientation: r.orientation,
    marginTop: r.margin_top, marginRight: r.margin_right, marginBottom: r.margin_bottom, marginLeft: r.margin_left,
    header: r.header, footer: r.footer, body: r.body, docxName: r.docx_name,
    kind: r.layout ? 'layout' : 'html', layout: (r.layout as PrintLayoutModel | null) ?? null,
    createBy: r.create_by, createTime: r.create_time, updateBy: r.update_by, updateTime: r.update_time,
  };
}

const toRow = (t: PrintTemplateInput) => ({
  form_name: t.formName, name: t.name, paper: t.paper, orientation: t.orientation,
  margin_top: t.marginTop, margin_right: t.marginRight, margin_bottom: t.marginBottom, margin_left: t.marginLeft,
  header: t.header, footer: t.footer, body: t.body,
});
// Only a layout template names the column on insert: migration 161 seeds HTML templates before 203 adds it.
const layoutOf = (t: PrintTemplateInput) => (t.layout ? { layout: JSON.stringify(t.layout) } : {});

/** The templates of a tenant, of one form when `formName` is given, by name. */
export async function listTemplates(db: Kysely<Database>, tenantId: number, formName?: string): Promise<PrintTemplateDto[]> {
  let q = db.selectFrom('print_templates').select([...COLUMNS]).where('tenant_id', '=', tenantId);
  if (formName) q = q.where('form_name', '=', formName);
  return (await q.orderBy('form_name').orderBy('name').orderBy('id').execute()).map(toDto);
}

/** One template of a tenant by id. */
export async function findTemplate(db: Kysely<Database>, tenantId: number, id: number): Promise<PrintTemplateDto | undefined> {
  const r = await db.selectFrom('print_templates').select([...COLUMNS]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

/** One template of a form by name. */
export async function findTemplateByName(db: Kysely<Database>, tenantId: number, formName: string, name: string): Promise<PrintTemplateDto | undefined> {
  const r = await db.selectFrom('print_templates').select([...COLUMNS]).where('tenant_id', '=', tenantId).where('form_name', '=', formName).where('name', '=', name).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

/** Adds a template; answers its id. */
export async function insertTemplate(db: Kysely<Database>, tenantId: number, t: PrintTemplateInput, userName: string): Promise<number> {
  const r = await db.insertInto('print_templates').values({ tenant_id: tenantId, ...toRow(t), ...layoutOf(t), create_by: userName, update_by: userName }).returning('id').executeTakeFirstOrThrow();
  return r.id as number;
}

/** Rewrites a template; false when the tenant has no such template. */
export async function updateTemplate(db: Kysely<Database>, tenantId: number, id: number, t: PrintTemplateInput, userName: string): Promise<boolean> {
  const r = await db.updateTable('print_templates').set({ ...toRow(t), layout: t.layout ? JSON.stringify(t.layout) : null, update_by: userName, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes templates of a tenant; answers how many went. */
export async function deleteTemplates(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  const r = await db.deleteFrom('print_templates').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Stores (or, with null, removes) a template's Word document; false when the tenant has no such template. */
export async function setTemplateDocx(db: Kysely<Database>, tenantId: number, id: number, docx: Buffer | null, name: string, userName: string): Promise<boolean> {
  const r = await db.updateTable('print_templates').set({ docx, docx_name: docx ? name : '', update_by: userName, update_time: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A template's Word document, or undefined when it has none. */
export async function readTemplateDocx(db: Kysely<Database>, tenantId: number, id: number): Promise<Buffer | undefined> {
  const r = await db.selectFrom('print_templates').select('docx').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r?.docx ? Buffer.from(r.docx) : undefined;
}
