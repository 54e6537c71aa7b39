/**
 * The tax-platform calls of spec 02 §7 on the tenant's invoice ledger (issue 31 item 3):
 * certification writes 认证类型 / 税款所属期 and its results 认证状态 into the ledger records in place
 * through the normal edit (validation, operation log, version check); state collection writes
 * 发票状态. Collection is a job (invoiceCollectionJob.ts, ADR 1065); its checks and the mapping of a
 * platform invoice to ledger data are here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { requirePermission } from '../auth/permissions.js';
import { badRequest, HttpError, notFound } from '../http/HttpError.js';
import { formPermission } from '../../shared/formPermissions.js';
import type { FormModel } from '../records/query/formModel.js';
import { loadModel, type RecordCaller } from '../records/services/recordContext.js';
import { editRecord } from '../records/services/recordWrite.js';
import { readMain } from '../records/repositories/recordWrites.js';
import { assertWritable } from '../records/services/writeGuard.js';
import type { SqlConditions } from '../records/services/sqlHide.js';
import { CERTIFICATION_TYPES } from '../../shared/invoiceTypes.js';
import { ledgerFormName } from './invoiceLedger.js';
import { findLedgerInvoice } from './ledgerRepository.js';
import type { CertificationResult, CollectionQuery, InvoiceKey, PlatformInvoice, StateQuery, TaxPlatform } from './taxPlatform.js';

/** Pages read per state collection call: a period beyond this is collected in several calls (narrower periods). */
export const MAX_COLLECTION_PAGES = 20;
/** Records per certification call. */
export const MAX_CERTIFICATION_IDS = 500;

const DATETIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** A yyyyMMddHHmmss value that is a real moment, else a 400 naming the field. */
function datetime(v: unknown, missing: string, label: string): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw badRequest(missing);
  const m = DATETIME.exec(s);
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
  if (!m || !d || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3] || +m[4] > 23 || +m[5] > 59 || +m[6] > 59) {
    throw badRequest(`${label}格式应为 yyyyMMddHHmmss`);
  }
  return s;
}

/** The collection dialog's values (spec 02 §5's messages), checked. */
export function collectionQuery(body: Record<string, unknown>): CollectionQuery {
  const sjlx = typeof body.sjlx === 'string' || typeof body.sjlx === 'number' ? String(body.sjlx).trim() : '';
  if (!sjlx) throw badRequest('请选择数据类型');
  const types = Array.isArray(body.fplxdm) ? body.fplxdm : typeof body.fplxdm === 'string' && body.fplxdm ? body.fplxdm.split(',') : [];
  const fplxdm = types.map((t) => String(t).trim()).filter(Boolean);
  if (!fplxdm.length) throw badRequest('请选择发票类型');
  const cjksrq = datetime(body.cjksrq, '请选择开始时间', '开始时间');
  const cjjsrq = datetime(body.cjjsrq, '请选择结束时间', '结束时间');
  if (cjksrq > cjjsrq) throw badRequest('开始时间不能晚于结束时间');
  return { sjlx, fplxdm, cjksrq, cjjsrq };
}

/**
 * The ledger's 发票类型 value for a spec 02 §9 type code: the code itself when the field offers it
 * (the demo ledger's options are the 14 codes), else empty (a ledger with other options).
 */
function ledgerType(model: FormModel, code: string): string | undefined {
  const options = model.main.fields.get('invoice_type')?.def.options ?? [];
  return options.some((o) => String(o.value) === code) ? code : undefined;
}

const num = (v: string | undefined) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));

/** A platform invoice as ledger record data (only the fields the ledger has). */
export function ledgerData(model: FormModel, inv: PlatformInvoice): Record<string, unknown> {
  const d = inv.kprq.replace(/-/g, '');
  const all: Record<string, unknown> = {
    invoice_code: inv.fpdm || undefined, invoice_no: inv.fphm, invoice_type: ledgerType(model, inv.fplxdm),
    invoice_date: /^\d{8}/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : undefined,
    seller: inv.xfmc, seller_tax_no: inv.xfsh, buyer: inv.gfmc || undefined, buyer_tax_no: inv.gfsh || undefined,
    amount: num(inv.je), tax: num(inv.se), total: num(inv.jshj),
    // Collected from the platform itself: it knows the invoice (spec 02 §4 checkStatus 1).
    auth_status: 'pending', checked: true, check_status: '1', [STATE_FIELD]: inv.fpzt || undefined,
  };
  return Object.fromEntries(Object.entries(all).filter(([k, v]) => v !== undefined && model.main.fields.has(k)));
}

export async function ledgerModel(db: Kysely<Database>, tenantId: number): Promise<FormModel> {
  try {
    return await loadModel(db, tenantId, ledgerFormName());
  } catch {
    throw notFound(`未找到发票台账表单（${ledgerFormName()}）`);
  }
}

/** Record ids from a body's `ids` (array or comma list), 1..MAX, else a 400. */
export function recordIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' || typeof raw === 'number' ? String(raw).split(',') : [];
  const ids = [...new Set(list.map((v) => String(v).trim()).filter(Boolean))];
  if (!ids.length) throw badRequest('请选择要认证的发票');
  if (ids.length > MAX_CERTIFICATION_IDS) throw badRequest(`一次最多选择 ${MAX_CERTIFICATION_IDS} 张发票`);
  if (!ids.every((v) => /^\d{1,15}$/.test(v))) throw badRequest('发票记录编号不正确');
  return ids.map(Number);
}

interface LedgerRow {
  id: number;
  version: number;
  draft: boolean;
  key: InvoiceKey;
}

/** The tenant's ledger records of `ids` with their invoice keys; another tenant's id or a voided record is a 404. */
async function ledgerRows(db: Kysely<Database>, model: FormModel, tenantId: number, ids: number[]): Promise<LedgerRow[]> {
  const rows: LedgerRow[] = [];
  for (const id of ids) {
    const r = await readMain(db, model, tenantId, id);
    if (!r || Number(r.sys_status) === -2) throw notFound(`发票记录 ${id} 不存在`);
    const fphm = r.invoice_no === null || r.invoice_no === undefined ? '' : String(r.invoice_no);
    if (!fphm) throw badRequest(`发票记录 ${id} 没有发票号码，不能认证`);
    rows.push({ id, version: Number(r.version), draft: Number(r.sys_status) === -1, key: { fpdm: r.invoice_code ? String(r.invoice_code) : '', fphm } });
  }
  return rows;
}

/** What a certification submit did: accepted by the platform, written into the records, records not written (why). */
export interface CertificationApplied {
  accepted: number;
  written: number;
  failed: { id: number; fphm: string; msg: string }[];
}

/** The ledger's value for "submitted, not decided yet" when its 认证状态 offers it (认证中), else nothing is written for it. */
function processingStatus(model: FormModel): string | undefined {
  const options = model.main.fields.get('auth_status')?.def.options ?? [];
  return options.some((o) => String(o.value) === 'processing') ? 'processing' : undefined;
}

/** Keeps only the fields the ledger has. */
function ledgerFields(model: FormModel, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([k, v]) => v !== undefined && model.main.fields.has(k)));
}

/**
 * Submits the records' invoices for certification (edit permission on the ledger), then writes
 * 认证类型 and 税款所属期 (and 认证状态 认证中, an old 认证失败原因 cleared) into each record in
 * place, at the version read before the call (a record edited meanwhile is a 409 for that record
 * only, named in `failed`, like a single edit's).
 */
export async function applyCertification(db: Kysely<Database>, caller: RecordCaller, platform: TaxPlatform, body: Record<string, unknown>, conditions?: SqlConditions): Promise<CertificationApplied> {
  const sqrzlx = typeof body.sqrzlx === 'string' || typeof body.sqrzlx === 'number' ? String(body.sqrzlx).trim() : '';
  if (!sqrzlx) throw badRequest('请选择认证类型');
  if (!CERTIFICATION_TYPES.some((t) => t.value === sqrzlx)) throw badRequest('认证类型不正确');
  const sqskssq = typeof body.sqskssq === 'string' ? body.sqskssq.trim() : '';
  if (!sqskssq) throw badRequest('请选择税款所属期');
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(sqskssq)) throw badRequest('税款所属期格式应为 yyyyMM');
  const ids = recordIds(body.ids);
  requirePermission(caller.user, formPermission(ledgerFormName(), 'edit'));
  const model = await ledgerModel(db, caller.user.tenantId);
  const rows = await ledgerRows(db, model, caller.user.tenantId, ids);
  await assertWritable(db, model, caller.user.tenantId, 'edit', ids);
  const { accepted } = await platform.applyCertification({ sqrzlx, sqskssq, invoices: rows.map((r) => r.key) });
  const data = ledgerFields(model, { cert_type: sqrzlx, tax_period: sqskssq, auth_status: processingStatus(model), auth_error: model.main.fields.has('auth_error') ? null : undefined });
  const out: CertificationApplied = { accepted, written: 0, failed: [] };
  if (!Object.keys(data).length) return out;
  for (const row of rows) {
    try {
      // A draft stays a draft (a collected invoice still waiting for its document).
      await editRecord(db, model, caller, row.id, { data, version: row.version }, row.draft ? 'stash' : 'save', conditions);
      out.written++;
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      out.failed.push({ id: row.id, fphm: row.key.fphm, msg: err.message });
    }
  }
  return out;
}

/** What a result fetch did. */
export interface CertificationOutcome {
  certified: number;
  processing: number;
  failed: { id: number; fphm: string; msg: string }[];
}

const STATUS: Record<Exclude<CertificationResult['rzzt'], 'processing'>, string> = { success: 'authenticated', failed: 'failed' };

/** Fetches the records' certification results and writes 认证状态 (and 认证失败原因, the platform's message) in place (edit permission). */
export async function fetchCertificationResults(db: Kysely<Database>, caller: RecordCaller, platform: TaxPlatform, body: Record<string, unknown>, conditions?: SqlConditions): Promise<CertificationOutcome> {
  const ids = recordIds(body.ids);
  requirePermission(caller.user, formPermission(ledgerFormName(), 'edit'));
  const model = await ledgerModel(db, caller.user.tenantId);
  const rows = await ledgerRows(db, model, caller.user.tenantId, ids);
  await assertWritable(db, model, caller.user.tenantId, 'edit', ids);
  const results = await platform.certificationResults(rows.map((r) => r.key));
  const out: CertificationOutcome = { certified: 0, processing: 0, failed: [] };
  for (const row of rows) {
    const res = results.find((r) => r.fphm === row.key.fphm && r.fpdm === row.key.fpdm);
    if (!res || res.rzzt === 'processing') {
      out.processing++;
      continue;
    }
    const msg = res.rzzt === 'failed' ? res.message ?? '认证未通过' : null;
    const data = ledgerFields(model, { auth_status: STATUS[res.rzzt], auth_error: model.main.fields.has('auth_error') ? msg?.slice(0, 200) ?? null : undefined });
    // A draft stays a draft (a collected invoice still waiting for its document).
    if (Object.keys(data).length) await editRecord(db, model, caller, row.id, { data, version: row.version }, row.draft ? 'stash' : 'save', conditions);
    if (msg === null) out.certified++;
    else out.failed.push({ id: row.id, fphm: row.key.fphm, msg });
  }
  return out;
}

/** The state dialog's values (spec 02 §5's messages), checked. */
export function stateQuery(body: Record<string, unknown>): StateQuery {
  const ztbgksrq = datetime(body.ztbgksrq, '请选择状态变更开始日期', '状态变更开始日期');
  const ztbgjsrq = datetime(body.ztbgjsrq, '请选择状态变更结束日期', '状态变更结束日期');
  if (ztbgksrq > ztbgjsrq) throw badRequest('状态变更开始日期不能晚于结束日期');
  return { ztbgksrq, ztbgjsrq };
}

/** The ledger field that holds the platform's invoice state. */
export const STATE_FIELD = 'invoice_state';

/** What a state collection did. */
export interface StateOutcome {
  updated: number;
  unchanged: number;
  /** State changes of invoices the ledger does not hold. */
  unknown: number;
  pages: number;
  truncated: boolean;
}

/**
 * Collects the period's state changes and writes each held invoice's 发票状态 (`invoice_state`)
 * in place through the normal edit (edit permission). A ledger without that field is a 400 naming
 * it, before the platform is called.
 */
export async function collectStates(db: Kysely<Database>, caller: RecordCaller, platform: TaxPlatform, query: StateQuery, conditions?: SqlConditions): Promise<StateOutcome> {
  requirePermission(caller.user, formPermission(ledgerFormName(), 'edit'));
  const tenantId = caller.user.tenantId;
  const model = await ledgerModel(db, tenantId);
  if (!model.main.fields.get(STATE_FIELD)?.columns.value) {
    throw badRequest(`${model.form.cnName}没有发票状态字段（${STATE_FIELD}），无法保存状态采集结果，请先在表单设计中添加该字段`);
  }
  await assertWritable(db, model, tenantId, 'edit');
  const out: StateOutcome = { updated: 0, unchanged: 0, unknown: 0, pages: 0, truncated: false };
  for (let page = 1; ; page++) {
    if (page > MAX_COLLECTION_PAGES) {
      out.truncated = true;
      break;
    }
    const p = await platform.collectStates(query, page);
    out.pages = page;
    for (const change of p.rows) {
      const held = await findLedgerInvoice(db, model, tenantId, change.fpdm, change.fphm);
      const r = held ? await readMain(db, model, tenantId, held.id) : undefined;
      if (!held || !r) {
        out.unknown++;
        continue;
      }
      if (String(r[STATE_FIELD] ?? '') === change.fpzt) {
        out.unchanged++;
        continue;
      }
      const draft = Number(r.sys_status) === -1;
      await editRecord(db, model, caller, held.id, { data: { [STATE_FIELD]: change.fpzt }, version: Number(r.version) }, draft ? 'stash' : 'save', conditions);
      out.updated++;
    }
    if (page >= p.pages || !p.rows.length) break;
  }
  return out;
}
