/** The print history of records (`print_history`): who printed which record with which template. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** One print of one record. */
export interface PrintHistoryEntry {
  id: number;
  recordId: number;
  templateId: number | null;
  templateName: string;
  kind: 'print' | 'pdf' | 'docx';
  userName: string;
  nickName: string;
  printTime: Date;
}

/** Who printed, with what. */
export interface PrintEvent {
  formName: string;
  templateId: number;
  templateName: string;
  kind: 'print' | 'pdf' | 'docx';
  user: { userId: number; userName: string; nickName: string };
}

/** One history row per record of a print (a batch of ten records is ten rows). */
export async function insertPrints(db: Kysely<Database>, tenantId: number, recordIds: number[], e: PrintEvent): Promise<void> {
  if (!recordIds.length) return;
  await db.insertInto('print_history').values(recordIds.map((recordId) => ({
    tenant_id: tenantId, form_name: e.formName, record_id: recordId, template_id: e.templateId, template_name: e.templateName,
    kind: e.kind, user_id: e.user.userId, user_name: e.user.userName, nick_name: e.user.nickName,
  }))).execute();
}

/** A record's prints, newest first (at most 200). */
export async function listPrints(db: Kysely<Database>, tenantId: number, formName: string, recordId: number): Promise<PrintHistoryEntry[]> {
  const rows = await db.selectFrom('print_history')
    .select(['id', 'record_id', 'template_id', 'template_name', 'kind', 'user_name', 'nick_name', 'print_time'])
    .where('tenant_id', '=', tenantId).where('form_name', '=', formName).where('record_id', '=', recordId)
    .orderBy('print_time', 'desc').orderBy('id', 'desc').limit(200).execute();
  return rows.map((r) => ({
    id: Number(r.id), recordId: Number(r.record_id), templateId: r.template_id, templateName: r.template_name,
    kind: r.kind, userName: r.user_name, nickName: r.nick_name, printTime: r.print_time,
  }));
}
