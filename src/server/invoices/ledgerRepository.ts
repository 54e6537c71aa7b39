/**
 * SQL over the invoice ledger's records (the tenant's form named by INVOICE_LEDGER_FORM, default
 * 发票台账 auto_fptz): the record holding an invoice code + number. Columns come from the stored
 * storage snapshot (FormModel), never from the request; every value is bound.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FormModel } from '../records/query/formModel.js';

/** A ledger record that already holds an invoice. */
export interface LedgerInvoice {
  id: number;
  createBy: string | null;
  seller: string | null;
  date: string | null;
}

function column(model: FormModel, field: string): string | undefined {
  return model.main.fields.get(field)?.columns.value?.name;
}

/** Whether the form stores invoice numbers (an `invoice_no` field with a column). */
export function holdsInvoices(model: FormModel): boolean {
  return !!column(model, 'invoice_no');
}

/**
 * Serialises the check-then-write of one invoice within a transaction (two saves of the same
 * invoice at once: the second waits, then sees the first). A no-op on PGlite's single connection.
 */
export async function lockInvoiceKey(trx: Kysely<Database>, tenantId: number, code: string, number: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`invoice:${tenantId}:${code}:${number}`}))`.execute(trx);
}

/**
 * The first record of the tenant's ledger with this code and number (an empty or absent code
 * matches an empty code: 全电 invoices have none), not voided, other than `exceptId`.
 */
export async function findLedgerInvoice(
  db: Kysely<Database>, model: FormModel, tenantId: number, code: string, number: string, exceptId?: number,
): Promise<LedgerInvoice | undefined> {
  const noCol = column(model, 'invoice_no');
  if (!noCol) return undefined;
  const codeCol = column(model, 'invoice_code');
  const sellerCol = column(model, 'seller');
  const dateCol = column(model, 'invoice_date');
  const t = sql.id(model.schema, model.main.table.name);
  const codeMatch = codeCol ? sql`AND coalesce(${sql.ref(codeCol)}::text, '') = ${code}` : sql``;
  const seller = sellerCol ? sql`${sql.ref(sellerCol)}::text` : sql`NULL::text`;
  const date = dateCol ? sql`${sql.ref(dateCol)}::text` : sql`NULL::text`;
  const except = exceptId !== undefined ? sql`AND id <> ${exceptId}` : sql``;
  const r = await sql<{ id: number; create_by: string | null; seller: string | null; date: string | null }>`
    SELECT id, create_by, ${seller} AS seller, ${date} AS date FROM ${t}
    WHERE tenant_id = ${tenantId} AND ${sql.ref(noCol)}::text = ${number} ${codeMatch} AND sys_status <> -2 ${except}
    ORDER BY id LIMIT 1`.execute(db);
  const row = r.rows[0];
  return row ? { id: Number(row.id), createBy: row.create_by, seller: row.seller, date: row.date } : undefined;
}

let savepoints = 0;

/**
 * Runs `write` inside `trx` under a savepoint: when it throws, what it wrote is rolled back and the
 * transaction stays usable (on PostgreSQL a failed statement would otherwise abort it), then the
 * error is rethrown. Collection writes a page's invoices this way, one refusal not undoing the page.
 */
export async function underSavepoint(trx: Kysely<Database>, write: () => Promise<void>): Promise<void> {
  const name = sql.id(`invoice_${++savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(trx);
  try {
    await write();
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
    throw err;
  }
  await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
}
