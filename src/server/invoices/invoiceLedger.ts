/**
 * Duplicate invoices (issue 31 item 2): an invoice whose code + number is already in the tenant's
 * invoice ledger is refused, when recognised and when saved, with the existing record named.
 * The ledger is the form named by INVOICE_LEDGER_FORM (default auto_fptz, the demo 发票台账).
 * This part is the save's: records/services/recordWrite calls it, so it imports nothing of the
 * records services (the recognition side is invoiceDuplicates.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest, conflict } from '../http/HttpError.js';
import type { FormModel } from '../records/query/formModel.js';
import { findLedgerInvoice, holdsInvoices, lockInvoiceKey, type LedgerInvoice } from './ledgerRepository.js';

/** The enName of the tenant's invoice ledger form. */
export function ledgerFormName(env: NodeJS.ProcessEnv = process.env): string {
  return env.INVOICE_LEDGER_FORM || 'auto_fptz';
}

/** The refusal naming the existing record; `detailed` false leaves out what only its readers may see. */
export function duplicateMessage(formCnName: string, number: string, found: LedgerInvoice, detailed: boolean): string {
  if (!detailed) return `发票号码 ${number} 已录入${formCnName}，不能重复录入`;
  const parts = [`记录编号 ${found.id}`];
  if (found.seller) parts.push(`销售方 ${found.seller}`);
  if (found.date) parts.push(`开票日期 ${found.date.slice(0, 10)}`);
  if (found.createBy) parts.push(`录入人 ${found.createBy}`);
  return `发票号码 ${number} 已录入${formCnName}（${parts.join('，')}），不能重复录入`;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/**
 * Why an invoice number cannot be right, or undefined: 8 digits (invoices with a code), 20 digits
 * (全电 invoices and the electronic motor vehicle one, no code), or a customs payment
 * certificate's 18 digits and `-L` + 2 digits (海关缴款书, spec 02 §9 code 17). The engine's
 * fixLength takes one length only, hence this check on the ledger's saves.
 */
export function invoiceNumberProblem(number: string): string | undefined {
  if (/^(\d{8}|\d{20}|\d{18}-L\d{2})$/.test(number)) return undefined;
  return `发票号码应为8位或20位数字（全电发票20位，海关缴款书为18位数字加“-L”和2位序号），当前为“${number}”`;
}

/**
 * Inside a record save's transaction: refuses (400) a malformed new invoice number (`savedNumber`:
 * the edited record's stored one), and (409) when `data`'s invoice code + number is already
 * in the ledger under another record. Any other form, or a record without a number, passes.
 */
export async function assertNotDuplicateOnSave(trx: Kysely<Database>, model: FormModel, tenantId: number, data: Record<string, unknown>, id?: number, savedNumber?: unknown): Promise<void> {
  if (model.form.enName !== ledgerFormName() || !holdsInvoices(model)) return;
  const number = text(data.invoice_no);
  if (!number) return;
  // An edit that keeps the stored number is not refused for it (records saved before this check).
  const problem = id !== undefined && text(savedNumber) === number ? undefined : invoiceNumberProblem(number);
  if (problem) throw badRequest(problem);
  const code = text(data.invoice_code);
  await lockInvoiceKey(trx, tenantId, code, number);
  const found = await findLedgerInvoice(trx, model, tenantId, code, number, id);
  if (found) throw conflict(duplicateMessage(model.form.cnName, number, found, true), { id: found.id });
}

