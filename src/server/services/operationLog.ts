/** The operation log: every write records who, when, what, in the tenant (spec 01 §9 types). */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { BusinessType } from '../../shared/operationTypes.js';

export { BUSINESS_TYPE } from '../../shared/operationTypes.js';

export interface OperationEntry {
  tenantId: number;
  /** What was acted on, e.g. '用户管理' or a form's Chinese name. */
  title: string;
  businessType: BusinessType | number;
  operUserId: number | null;
  operName: string;
  deptName?: string;
  method?: string;
  requestMethod?: string;
  operUrl?: string;
  operIp?: string;
  /** The request payload or ids, as JSON (trimmed to 4,000 characters; passwords never included). */
  operParam?: unknown;
  /** 0 success, 1 failure. */
  status?: 0 | 1;
  errorMsg?: string;
}

function paramText(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value, (k, v) => (/password/i.test(k) ? '******' : v));
  return text.length > 4000 ? text.slice(0, 4000) : text;
}

/** Writes one operation-log row (use the caller's transaction to log atomically with the write). */
export async function recordOperation(db: Kysely<Database>, entry: OperationEntry): Promise<void> {
  await db
    .insertInto('oper_log')
    .values({
      tenant_id: entry.tenantId,
      title: entry.title,
      business_type: entry.businessType,
      oper_user_id: entry.operUserId,
      oper_name: entry.operName,
      dept_name: entry.deptName ?? '',
      method: entry.method ?? '',
      request_method: entry.requestMethod ?? '',
      oper_url: (entry.operUrl ?? '').slice(0, 500),
      oper_ip: entry.operIp ?? '',
      oper_param: paramText(entry.operParam),
      status: entry.status ?? 0,
      error_msg: (entry.errorMsg ?? '').slice(0, 2000),
    })
    .execute();
}

/** recordOperation filled from a signed-in request: user, tenant, URL, method and address. */
export async function recordRequestOperation(
  db: Kysely<Database>,
  request: FastifyRequest,
  title: string,
  businessType: BusinessType | number,
  operParam?: unknown,
): Promise<void> {
  const u = request.user;
  await recordOperation(db, {
    tenantId: u.tenantId,
    title,
    businessType,
    operUserId: u.userId,
    operName: u.userName,
    requestMethod: request.method,
    operUrl: request.url,
    operIp: request.ip,
    operParam: operParam === undefined ? request.body : operParam,
  });
}

/** Runs a write and its operation-log row in one transaction (both or neither). */
export async function withOperation<T>(
  db: Kysely<Database>,
  request: FastifyRequest,
  log: { title: string; businessType: BusinessType | number; param?: unknown },
  write: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    await recordRequestOperation(trx, request, log.title, log.businessType, log.param);
    return result;
  });
}
