/**
 * The approval lock on records (issue 18): while a record's flow runs (sys_status 0 with a running
 * instance) only the approval itself may write it — the node's editable fields, sent with an
 * action. The normal edit, batch edit and button writes are refused with a 400.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/HttpError.js';
import { IN_APPROVAL_EDIT_MESSAGE } from '../../../shared/readOnlyRecords.js';
import { latestInstanceOfRecord } from '../repositories/flowInstances.js';

/** Throws the 400 when the record's newest flow instance is still running. */
export async function assertNotInApproval(db: Kysely<Database>, tenantId: number, formName: string, recordId: number): Promise<void> {
  const instance = await latestInstanceOfRecord(db, tenantId, formName, recordId);
  if (instance?.status === 'running') throw badRequest(IN_APPROVAL_EDIT_MESSAGE);
}
