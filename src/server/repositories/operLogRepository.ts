/** Reading the operation log of a tenant. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface OperLogDto {
  operId: number;
  title: string;
  businessType: number;
  requestMethod: string;
  operName: string;
  operUrl: string;
  operIp: string;
  operParam: string;
  status: number;
  errorMsg: string;
  operTime: Date;
}

/** One page of log rows, newest first, with the total. */
export async function listOperLog(
  db: Kysely<Database>,
  tenantId: number,
  f: { title?: string; operName?: string; businessType?: number; status?: number },
  pageNum: number,
  pageSize: number,
): Promise<{ rows: OperLogDto[]; total: number }> {
  let q = db.selectFrom('oper_log').where('tenant_id', '=', tenantId);
  if (f.title) q = q.where('title', 'ilike', containsPattern(f.title));
  if (f.operName) q = q.where('oper_name', 'ilike', containsPattern(f.operName));
  if (f.businessType !== undefined) q = q.where('business_type', '=', f.businessType);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'title', 'business_type', 'request_method', 'oper_name', 'oper_url', 'oper_ip', 'oper_param', 'status', 'error_msg', 'oper_time'])
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return {
    rows: rows.map((r) => ({
      operId: r.id,
      title: r.title,
      businessType: r.business_type,
      requestMethod: r.request_method,
      operName: r.oper_name,
      operUrl: r.oper_url,
      operIp: r.oper_ip,
      operParam: r.oper_param,
      status: r.status,
      errorMsg: r.error_msg,
      operTime: r.oper_time,
    })),
    total: Number(total.n),
  };
}
