/**
 * Which records nobody may change (issue 12 items 8 and 9), shared so the list hides what the
 * server refuses: every record of a type-2 view (spec 01 §3.1: a view over other forms' data),
 * and a voided record (sys_status -2, spec 01 §4). Deleting a voided record stays allowed to
 * holders of remove: spec 01 §2.2 and §6 tie delete to that permission alone (docs/api-records.md).
 */

/** sys_status of a voided record (作废). */
export const VOIDED_STATUS = -2;

/** The server's refusal of any write to a type-2 view. */
export const VIEW_READ_ONLY_MESSAGE = '视图数据为只读，不能修改';
/** The server's refusal of an edit (save, stash, push) of a voided record. */
export const VOIDED_EDIT_MESSAGE = '已作废的数据不能修改';
/** The server's refusal to void a record that is already void. */
export const VOIDED_AGAIN_MESSAGE = '已作废的数据不能再次作废';

/** Whether a form definition is a read-only type-2 view. */
export function isReadOnlyView(def: { type?: string | number | null } | null | undefined): boolean {
  return def != null && Number(def.type) === 2;
}

/** Whether a record is voided. */
export function isVoided(row: { sys_status?: unknown; sysStatus?: unknown } | null | undefined): boolean {
  return row != null && Number(row.sys_status ?? row.sysStatus) === VOIDED_STATUS;
}

/** The server's refusal of a normal edit of a record in approval (issue 18: only the approval writes it). */
export const IN_APPROVAL_EDIT_MESSAGE = '审批中的数据不能修改';

/** Whether a record of a flow form is in approval (sys_status 0, 处理中), so its 修改 is hidden. */
export function isInApproval(def: { hasFlow?: boolean } | null | undefined, row: { sys_status?: unknown; sysStatus?: unknown } | null | undefined): boolean {
  return !!def?.hasFlow && row != null && Number(row.sys_status ?? row.sysStatus) === 0;
}

/**
 * The source record of a row of a type-2 view (`id` `12@contract_ledger`, issue 19 item 4): its
 * detail opens on the source form. Null for a row that is not a view row.
 */
export function viewRowSource(row: { id?: unknown } | null | undefined): { form: string; id: string } | null {
  const m = typeof row?.id === 'string' ? /^(\d{1,15})@([a-z][a-z0-9_]{0,62})$/.exec(row.id) : null;
  return m ? { form: m[2], id: m[1] } : null;
}
