/**
 * The portal (issue 32 item 1; spec 02 §2.2 `/portal…`, §2.3 `index`): public pages of a tenant
 * whose content is records of ordinary forms an administrator marked as portal sources. A source
 * names its section, its published fields (title and date among them) and what marks a record
 * published (its status and/or one field's value). A visitor gets only those fields of those
 * records, rich text cleaned by the sanitizer, never anything else of the tenant: no users,
 * departments, files or related records (their types cannot be published).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FieldDefinition } from '../../../schema-adapters/definition/types.js';
import { htmlToText } from '../../../schema-adapters/index.js';
import { badRequest, notFound } from '../http/HttpError.js';
import type { TenantRow } from '../repositories/tenantRepository.js';
import {
  enabledPortalSources, findPortalSource, portalGeneration, publishedRow, publishedRows, savePortalSource,
  type PortalColumn, type PortalFilter, type PortalSourceRow, type PortalSourceWrite,
} from '../repositories/portalRepository.js';
import { loadModel } from '../records/services/recordContext.js';
import type { FormModel } from '../records/query/formModel.js';
import { sanitizeRichTextHtml } from '../print/sanitizeTemplate.js';
import { activeTenant } from './anonymousForms.js';
import { rewriteStoredImages, type ImagePlace } from './portalImageUrls.js';

/** The portal's sections (spec 02 §2.2) and their titles; `zbcg` holds several forms, each its own list. */
export const PORTAL_SECTIONS = {
  profile: '集团概况',
  news: '新闻动态',
  zbcg: '招标采购',
  events: '群众活动',
  honor: '集团荣誉',
  message: '通知公告',
} as const;
export type PortalSection = keyof typeof PORTAL_SECTIONS;
export const SECTION_KEYS = Object.keys(PORTAL_SECTIONS) as PortalSection[];

export const PORTAL_MESSAGES = {
  noSection: '栏目不存在或未发布',
  noItem: '内容不存在或未发布',
} as const;

/** Field types a source may publish: values that stand alone (no user, department, file or record of the tenant). */
const PUBLISHABLE = new Set(['input', 'textarea', 'richText', 'number', 'select', 'radio', 'checkbox', 'switch', 'dateStamp', 'timeOnly', 'rate']);
/** Types whose value may mark a record published (compared with one stored value). */
const MARKER = new Set(['switch', 'select', 'radio', 'input', 'number']);
/** A list page's largest size, and the home's items per source. */
export const PORTAL_PAGE_MAX = 50;
const HOME_ITEMS = 6;
const SUMMARY_CHARS = 120;

/** Whether a field may be published. */
export function isPublishable(f: FieldDefinition): boolean {
  return PUBLISHABLE.has(f.funcType) && f.funcType !== 'subForm';
}

// ---- the administrator's setting ----

/** The setting as the administrator sends it: what the repository writes, less who wrote it. */
export type PortalSettingInput = Omit<PortalSourceWrite, 'section' | 'updateBy'> & { section: PortalSection };

function valueColumn(model: FormModel, enName: string): PortalColumn | null {
  const c = model.main.fields.get(enName)?.columns.value;
  return c ? { name: c.name, kind: c.kind } : null;
}

/** Checks a setting against the form's fields; answers it with title, date and category among the published fields. */
function checkSetting(model: FormModel, s: PortalSettingInput): PortalSettingInput {
  if (model.main.view) throw badRequest('视图不能作为门户栏目的来源');
  const byName = new Map(model.form.definition.fields.map((f) => [f.enName, f]));
  const field = (enName: string, what: string) => {
    const f = byName.get(enName);
    if (!f || !valueColumn(model, enName)) throw badRequest(`${what}「${enName.slice(0, 64)}」不是该表单的字段`);
    return f;
  };
  const title = field(s.titleField, '标题字段');
  if (!['input', 'textarea'].includes(title.funcType)) throw badRequest('标题字段应为单行或多行文本');
  if (s.dateField && field(s.dateField, '日期字段').funcType !== 'dateStamp') throw badRequest('日期字段应为日期类型');
  if (s.categoryField && !['select', 'radio', 'input'].includes(field(s.categoryField, '分类字段').funcType)) throw badRequest('分类字段应为下拉、单选或单行文本');
  const fields = [...new Set([s.titleField, ...(s.dateField ? [s.dateField] : []), ...(s.categoryField ? [s.categoryField] : []), ...s.fields])];
  for (const name of fields) {
    const f = field(name, '发布字段');
    if (!isPublishable(f)) throw badRequest(`字段「${f.label}」的类型不能在门户发布`);
  }
  if (s.publishStatus === null && !s.publishField) throw badRequest('请设置发布条件：单据状态或发布标记字段');
  if (s.publishField) {
    const f = field(s.publishField, '发布标记字段');
    if (!MARKER.has(f.funcType) || valueColumn(model, s.publishField)?.kind === 'jsonb_list') throw badRequest('发布标记字段应为开关、下拉、单选、单行文本或数字');
    if (s.publishValue === null || s.publishValue === '') throw badRequest('请填写发布标记的取值');
  }
  return { ...s, fields };
}

/** Saves a tenant's setting of one form (administrators; routes check `flowable:form:edit`). */
export async function setPortalSetting(db: Kysely<Database>, tenantId: number, formName: string, s: PortalSettingInput, updateBy: string): Promise<void> {
  const model = await loadModel(db, tenantId, formName);
  const c = checkSetting(model, s);
  await savePortalSource(db, tenantId, formName, { ...c, publishField: c.publishField || null, publishValue: c.publishField ? c.publishValue : null, updateBy });
}

/** The administrator's view: the setting (or a suggestion) and the form's fields with whether each may be published. */
export async function portalSettingOf(db: Kysely<Database>, tenantId: number, formName: string) {
  const model = await loadModel(db, tenantId, formName);
  const row = await findPortalSource(db, tenantId, formName);
  const fields = model.form.definition.fields
    .filter((f) => valueColumn(model, f.enName))
    .map((f) => ({ enName: f.enName, label: f.label, funcType: f.funcType, publishable: isPublishable(f), marker: MARKER.has(f.funcType) }));
  return {
    configured: !!row,
    enabled: row?.enabled ?? false,
    section: (row?.section ?? 'news') as PortalSection,
    titleField: row?.title_field ?? '',
    dateField: row?.date_field ?? null,
    categoryField: row?.category_field ?? null,
    fields: row?.fields ?? [],
    publishStatus: row ? row.publish_status : 1,
    publishField: row?.publish_field ?? null,
    publishValue: row?.publish_value ?? null,
    sort: row?.sort ?? 0,
    updateBy: row?.update_by ?? null,
    formFields: fields,
    sections: SECTION_KEYS.map((key) => ({ key, title: PORTAL_SECTIONS[key] })),
  };
}

// ---- what visitors read ----

/**
 * One served value: a rich text cleaned with its stored images at their public address, a choice
 * as its label, a switch as a boolean, a number as a number.
 */
function served(f: FieldDefinition, kind: string, text: string | null, place: ImagePlace & { tenantId: number }): string | number | boolean | null {
  if (text === null) return null;
  if (f.funcType === 'richText') return rewriteStoredImages(sanitizeRichTextHtml(text), place.tenantId, place);
  if (f.funcType === 'switch') return text === 'true';
  if (f.funcType === 'number' || f.funcType === 'rate') return Number(text);
  if (['select', 'radio', 'checkbox'].includes(f.funcType)) {
    const values: unknown[] = kind === 'jsonb_list' || kind === 'jsonb' ? ([] as unknown[]).concat(JSON.parse(text) as unknown) : [text];
    const label = (v: unknown) => String(f.options?.find((o) => String(o.value) === String(v))?.label ?? v);
    return values.map(label).join('、');
  }
  return text;
}

/** A source opened for a read: its tenant, setting, form, published fields (re-checked) and the filter of its published records. */
export interface OpenSource {
  tenant: TenantRow;
  source: PortalSourceRow;
  model: FormModel;
  defs: FieldDefinition[];
  columns: PortalColumn[];
  filter: PortalFilter;
}

/** A source's published fields and its filter; a field removed from the form since is left out. */
function openSource(tenant: TenantRow, source: PortalSourceRow, model: FormModel, lx?: string): OpenSource {
  const byName = new Map(model.form.definition.fields.map((f) => [f.enName, f]));
  const defs: FieldDefinition[] = [];
  const columns: PortalColumn[] = [];
  for (const name of source.fields) {
    const f = byName.get(name);
    const c = valueColumn(model, name);
    // Re-checked at every read: a field retyped since the setting was saved is no longer served.
    if (f && c && isPublishable(f)) {
      defs.push(f);
      columns.push(c);
    }
  }
  let field: PortalFilter['field'] = null;
  if (source.publish_field) {
    const c = valueColumn(model, source.publish_field);
    // A marker field removed since: nothing counts as published.
    if (!c) throw notFound(PORTAL_MESSAGES.noSection);
    const v = source.publish_value ?? '';
    field = { column: c, value: c.kind === 'boolean' ? v === 'true' : c.kind === 'numeric' ? Number(v) : v };
    if (typeof field.value === 'number' && !Number.isFinite(field.value)) throw notFound(PORTAL_MESSAGES.noSection);
  }
  let category: PortalFilter['category'] = null;
  if (lx !== undefined && lx !== '') {
    const c = source.category_field ? valueColumn(model, source.category_field) : null;
    if (!c) throw notFound(PORTAL_MESSAGES.noSection);
    category = { column: c, value: lx };
  }
  return { tenant, source, model, defs, columns, filter: { tenantId: tenant.id, status: source.publish_status, field, category } };
}

/** The tenant's source `formName`, enabled, with its form; one 404 for every other case. Public dashboards read through it too (ADR 1056). */
export async function sourceOf(db: Kysely<Database>, tenant: TenantRow, formName: string, lx?: string): Promise<OpenSource> {
  const source = await findPortalSource(db, tenant.id, formName);
  if (!source?.enabled) throw notFound(PORTAL_MESSAGES.noSection);
  let model: FormModel;
  try {
    model = await loadModel(db, tenant.id, formName);
  } catch {
    throw notFound(PORTAL_MESSAGES.noSection);
  }
  return openSource(tenant, source, model, lx);
}

function itemOf(s: OpenSource, row: { id: number; values: (string | null)[] }) {
  const at = (name: string | null) => (name ? s.defs.findIndex((f) => f.enName === name) : -1);
  const ti = at(s.source.title_field);
  const di = at(s.source.date_field);
  const rich = s.defs.findIndex((f) => f.funcType === 'richText' || f.funcType === 'textarea');
  const text = rich >= 0 && rich !== ti ? htmlToText(row.values[rich] ?? '') : '';
  return {
    id: row.id,
    formName: s.model.form.enName,
    title: ti >= 0 ? String(row.values[ti] ?? '') : '',
    date: di >= 0 ? (row.values[di] ?? '').slice(0, 10) || null : null,
    summary: text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS)}…` : text,
  };
}

/** What a cached answer depends on: each source's setting time and form write generation (null: not cacheable). */
async function versionOf(db: Kysely<Database>, sources: OpenSource[]): Promise<string | null> {
  const parts: string[] = [];
  for (const s of sources) {
    const gen = await portalGeneration(db, s.model);
    if (gen === null) return null;
    parts.push(`${s.model.form.id}:${gen}:${s.source.update_time.toISOString()}:${s.model.form.version}`);
  }
  return parts.join('|');
}

/**
 * Runs `read` between two reads of the version: the answer carries a version only when both
 * agree (no write committed in between), so an ETag never names rows it did not serve.
 */
export async function versioned<T>(db: Kysely<Database>, sources: OpenSource[], read: () => Promise<T>): Promise<{ data: T; version: string | null }> {
  const before = await versionOf(db, sources);
  const data = await read();
  const after = before === null ? null : await versionOf(db, sources);
  return { data, version: before !== null && before === after ? before : null };
}

/** `GET /api/portal/home`: the tenant's sections with their sources and newest items. */
export async function portalHome(db: Kysely<Database>, tenantCode: string | undefined) {
  const tenant = await activeTenant(db, tenantCode);
  const opened: OpenSource[] = [];
  for (const source of await enabledPortalSources(db, tenant.id)) {
    try {
      opened.push(openSource(tenant, source, await loadModel(db, tenant.id, source.form_name)));
    } catch {
      // A source whose form is gone (or whose marker field was removed) shows nothing.
    }
  }
  return versioned(db, opened, async () => {
    const sections = [];
    for (const key of SECTION_KEYS) {
      const mine = opened.filter((s) => s.source.section === key);
      if (!mine.length) continue;
      const sources = [];
      for (const s of mine) {
        const page = await publishedRows(db, s.model, s.columns, s.filter, orderColumn(s), { limit: HOME_ITEMS, offset: 0 });
        sources.push({ formName: s.model.form.enName, cnName: s.model.form.cnName, total: page.total, items: page.rows.map((r) => itemOf(s, r)), categories: categoriesOf(s) });
      }
      sections.push({ key, title: PORTAL_SECTIONS[key], sources });
    }
    return { tenantCode: tenant.code, tenantName: tenant.name, sections };
  });
}

function orderColumn(s: OpenSource): PortalColumn | null {
  return s.source.date_field ? valueColumn(s.model, s.source.date_field) : null;
}

/** The category field's fixed options (`{lx}` of 集团概况), when it has them. */
function categoriesOf(s: OpenSource): { value: string; label: string }[] {
  const f = s.source.category_field ? s.model.form.definition.fields.find((x) => x.enName === s.source.category_field) : undefined;
  return (f?.options ?? []).map((o) => ({ value: String(o.value), label: String(o.label) }));
}

/** `GET /api/portal/records/{form}`: a page of a source's published records. */
export async function portalList(db: Kysely<Database>, tenantCode: string | undefined, formName: string, q: { pageNum: number; pageSize: number; lx?: string }) {
  const tenant = await activeTenant(db, tenantCode);
  const s = await sourceOf(db, tenant, formName, q.lx);
  const pageSize = Math.min(q.pageSize, PORTAL_PAGE_MAX);
  return versioned(db, [s], async () => {
    const page = await publishedRows(db, s.model, s.columns, s.filter, orderColumn(s), { limit: pageSize, offset: (q.pageNum - 1) * pageSize });
    return {
      tenantName: tenant.name, formName: s.model.form.enName, cnName: s.model.form.cnName, section: s.source.section as PortalSection,
      categories: categoriesOf(s), rows: page.rows.map((r) => itemOf(s, r)), total: page.total,
    };
  });
}

/** `GET /api/portal/records/{form}/{id}`: one published record's published fields. */
export async function portalDetail(db: Kysely<Database>, tenantCode: string | undefined, formName: string, id: number) {
  const tenant = await activeTenant(db, tenantCode);
  const s = await sourceOf(db, tenant, formName);
  return versioned(db, [s], async () => {
    const row = await publishedRow(db, s.model, s.columns, s.filter, id);
    if (!row) throw notFound(PORTAL_MESSAGES.noItem);
    const item = itemOf(s, row);
    return {
      ...item, tenantName: tenant.name, cnName: s.model.form.cnName, section: s.source.section as PortalSection,
      fields: s.defs.map((f, i) => ({
        enName: f.enName, label: f.label, funcType: f.funcType,
        value: served(f, s.columns[i].kind, row.values[i], { tenantId: tenant.id, tenantCode: tenant.code, formName: s.model.form.enName, id: row.id, field: f.enName }),
      })),
    };
  });
}
