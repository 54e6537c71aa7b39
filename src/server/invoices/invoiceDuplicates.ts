/**
 * Duplicate invoices at recognition (issue 31 item 2): a recognised invoice already in the
 * tenant's ledger is refused with the existing record named (to callers who may see the ledger).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { hasAnyPermission } from '../auth/permissions.js';
import { conflict } from '../http/HttpError.js';
import { formPermission } from '../../shared/formPermissions.js';
import type { FormModel } from '../records/query/formModel.js';
import { loadModel } from '../records/services/recordContext.js';
import { duplicateMessage, ledgerFormName } from './invoiceLedger.js';
import { findLedgerInvoice } from './ledgerRepository.js';

/**
 * For a recognised invoice: refuses (409) when the ledger already holds it (`exceptId`: the record
 * being edited). The record's details are named to callers who may see the ledger's records.
 */
export async function assertNotDuplicateOnRecognition(db: Kysely<Database>, user: AuthUser, code: string, number: string, exceptId?: number): Promise<void> {
  const form = ledgerFormName();
  let model: FormModel;
  try {
    model = await loadModel(db, user.tenantId, form);
  } catch {
    return; // The tenant has no ledger: nothing to compare with.
  }
  const found = await findLedgerInvoice(db, model, user.tenantId, code, number, exceptId);
  if (!found) return;
  const detailed = hasAnyPermission(user, ...(['query', 'list:root', 'add', 'edit'] as const).map((a) => formPermission(form, a)));
  throw conflict(duplicateMessage(model.form.cnName, number, found, detailed), detailed ? { id: found.id } : undefined);
}
