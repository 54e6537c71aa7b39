/**
 * Seed step for databases seeded before issue 27 item 12: demo columns that earlier seeds left
 * empty get the values a new seed gives them — 乙方法人身份证 (a card image) on labour contracts of
 * 合同台账, and 日编号 (the slip's place among those received that day, as the stock-in drawer
 * numbers it) on 白条入库 and 外购白条入库. A seed step, not a migration: the card is a file in the
 * upload store, which only the seed is given. Like every step it runs once per database; on a
 * fresh one it runs after the demo forms and finds nothing empty.
 *
 * Only empty values are filled, through the single edit's own write (version, re-check, log), as
 * the tenant's admin. Voided records, records in approval and records the form's rules refuse
 * now are left as they are; a form an administrator deleted, or whose field was removed, is skipped.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../http/HttpError.js';
import type { SeedStep, SeedTenant } from '../../services/seed/types.js';
import { VOIDED_STATUS } from '../../../shared/readOnlyRecords.js';
import type { FormModel } from '../query/formModel.js';
import { allRecordIds, readMain } from '../repositories/recordWrites.js';
import type { RecordCaller } from '../services/recordContext.js';
import { loadModel } from '../services/recordContext.js';
import { applyEdit } from '../services/recordWrite.js';
import { adminOf } from './seedDemoForms.js';
import { legalIdCardName } from './shapeContracts.js';
import { sampleFileWriter, type SampleFileWriter } from './sampleFiles.js';

type Row = Record<string, unknown> & { id: number };

const isEmpty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

/** The form's model when the tenant has the form with every one of `fields`, else undefined. */
async function modelWith(db: Kysely<Database>, tenantId: number, form: string, fields: string[]): Promise<FormModel | undefined> {
  const found = await db.selectFrom('form_definitions').select('id').where('tenant_id', '=', tenantId).where('en_name', '=', form).executeTakeFirst();
  if (!found) return undefined;
  const model = await loadModel(db, tenantId, form);
  return fields.every((f) => model.main.fields.get(f)?.columns.value) ? model : undefined;
}

/** Every record of the form in the tenant, oldest first, as the edit reads them. */
async function records(db: Kysely<Database>, model: FormModel, tenantId: number): Promise<Row[]> {
  const out: Row[] = [];
  for (const id of await allRecordIds(db, model, tenantId)) {
    const row = await readMain(db, model, tenantId, id);
    if (row) out.push({ ...row, id });
  }
  return out;
}

/** Writes `data` into record `id` as the single edit does; false when the record may not change now. */
async function fill(db: Kysely<Database>, model: FormModel, caller: RecordCaller, row: Row, data: Record<string, unknown>, log: (m: string) => void): Promise<boolean> {
  if (Number(row.sys_status) === VOIDED_STATUS) return false;
  try {
    await applyEdit(db, model, caller, row.id, data, undefined, 'save', {});
    return true;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    log(`demo column fill ${model.form.enName} #${row.id} skipped: ${err.message}`);
    return false;
  }
}

/** 乙方法人身份证 of the labour contracts that have none. */
async function fillLegalIdCards(db: Kysely<Database>, tenantId: number, caller: RecordCaller, file: SampleFileWriter, log: (m: string) => void): Promise<number> {
  const model = await modelWith(db, tenantId, 'contract_ledger', ['legal_id_card', 'contract_type', 'party_b']);
  if (!model) return 0;
  let n = 0;
  for (const row of await records(db, model, tenantId)) {
    if (row.contract_type !== 'labour' || !isEmpty(row.legal_id_card) || isEmpty(row.party_b)) continue;
    const card = await file(legalIdCardName(String(row.party_b)), { kind: 'png', hue: 200 });
    if (card && (await fill(db, model, caller, row, { legal_id_card: [card] }, log))) n++;
  }
  return n;
}

/** 日编号 of the stock-in slips that have none: their place among the slips received that day. */
async function fillDayNumbers(db: Kysely<Database>, tenantId: number, form: string, caller: RecordCaller, log: (m: string) => void): Promise<number> {
  const model = await modelWith(db, tenantId, form, ['rbm', 'sxrq']);
  if (!model) return 0;
  const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 10);
  const byDay = new Map<string, Row[]>();
  for (const row of await records(db, model, tenantId)) {
    if (isEmpty(row.sxrq)) continue;
    byDay.set(day(row.sxrq), [...(byDay.get(day(row.sxrq)) ?? []), row]);
  }
  let n = 0;
  for (const rows of byDay.values()) {
    // In the order they were registered; numbers already given are kept and not given again.
    rows.sort((a, b) => String(a.djrq ?? '').localeCompare(String(b.djrq ?? '')) || a.id - b.id);
    const taken = new Set(rows.map((r) => String(r.rbm ?? '')).filter(Boolean));
    let next = 1;
    for (const row of rows) {
      if (!isEmpty(row.rbm)) continue;
      while (taken.has(String(next))) next++;
      taken.add(String(next));
      if (await fill(db, model, caller, row, { rbm: String(next) }, log)) n++;
    }
  }
  return n;
}

/** Fills one tenant's empty demo columns. */
async function fillTenant(db: Kysely<Database>, tenant: SeedTenant, log: (m: string) => void, file: SampleFileWriter): Promise<void> {
  const admin = await adminOf(db, tenant);
  if (!admin) return;
  const caller: RecordCaller = { user: admin };
  const cards = await fillLegalIdCards(db, tenant.id, caller, file, log);
  let numbers = 0;
  for (const form of ['auto_tzbk_btgl_btrk', 'auto_tzbk_btgl_wgbtrk']) numbers += await fillDayNumbers(db, tenant.id, form, caller, log);
  if (cards || numbers) log(`demo columns filled in ${tenant.code}: ${cards} 乙方法人身份证, ${numbers} 日编号`);
}

/** The seed step (after the demo forms). */
export const seedDemoColumnFill: SeedStep = {
  name: 'demo-column-fill',
  async run(ctx) {
    for (const t of ctx.tenants) await fillTenant(ctx.db, t, ctx.log, sampleFileWriter(ctx.files, t.id));
  },
};
