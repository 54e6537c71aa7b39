/**
 * Who a publication notifies: the chosen users and every user of the chosen departments and their
 * sub-departments, in the caller's tenant, enabled ones only. An id of another tenant (or none)
 * is a 400 naming it, so nothing is published to a list the administrator did not mean.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest } from '../http/HttpError.js';
import { subtreeIds } from '../repositories/deptRepository.js';

/** The distinct user ids to notify, ascending. */
export async function resolveRecipients(db: Kysely<Database>, tenantId: number, userIds: number[], deptIds: number[]): Promise<number[]> {
  if (!userIds.length && !deptIds.length) throw badRequest('请选择通知的人员或部门');
  const users = [...new Set(userIds)];
  if (users.length) {
    const found = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', 'in', users).execute();
    const missing = users.filter((id) => !found.some((f) => Number(f.id) === id));
    if (missing.length) throw badRequest(`人员不存在：${missing.join(',')}`);
  }
  const depts = [...new Set(deptIds)];
  const allDepts = new Set<number>();
  if (depts.length) {
    const found = await db.selectFrom('depts').select('id').where('tenant_id', '=', tenantId).where('id', 'in', depts).execute();
    const missing = depts.filter((id) => !found.some((f) => Number(f.id) === id));
    if (missing.length) throw badRequest(`部门不存在：${missing.join(',')}`);
    for (const id of depts) for (const sub of await subtreeIds(db, tenantId, id)) allDepts.add(sub);
  }
  let q = db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('status', '=', '0');
  q = q.where((eb) => {
    const parts = [];
    if (users.length) parts.push(eb('id', 'in', users));
    if (allDepts.size) parts.push(eb('dept_id', 'in', [...allDepts]));
    return eb.or(parts);
  });
  const rows = await q.orderBy('id').execute();
  return [...new Set(rows.map((r) => Number(r.id)))];
}
