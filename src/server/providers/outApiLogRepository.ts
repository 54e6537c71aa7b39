/** The 外部接口日志 table: writing entries, a tenant's pages and details, the 90-day retention. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { containsPattern } from '../repositories/likePattern.js';
import type { OutboundEntry } from './outboundFetch.js';

/** Days a logged call is kept. */
export const OUT_API_LOG_RETENTION_DAYS = 90;

export interface OutApiLogRowDto {
  id: number;
  provider: string;
  method: string;
  url: string;
  status: number | null;
  outcome: string;
  durationMs: number;
  errorMsg: string;
  callTime: Date;
}

export interface OutApiLogFilter {
  provider?: string;
  outcome?: string;
  status?: number;
  url?: string;
  beginTime?: string;
  endTime?: string;
}

export async function insertOutApiLog(db: Kysely<Database>, e: OutboundEntry): Promise<void> {
  await db.insertInto('out_api_log').values({
    tenant_id: e.tenantId, provider: e.provider, method: e.method.slice(0, 10), url: e.url.slice(0, 1000), status: e.status,
    outcome: e.outcome, duration_ms: Math.min(e.durationMs, 2_147_483_647), error_msg: e.errorMsg.slice(0, 500),
    request_body: e.requestBody, response_body: e.responseBody, call_time: e.callTime,
  }).execute();
}

const ROW_COLUMNS = ['id', 'provider', 'method', 'url', 'status', 'outcome', 'duration_ms', 'error_msg', 'call_time'] as const;

function rowOf(r: { id: number | string; provider: string; method: string; url: string; status: number | null; outcome: string; duration_ms: number; error_msg: string; call_time: Date }): OutApiLogRowDto {
  return {
    id: Number(r.id), provider: r.provider, method: r.method, url: r.url, status: r.status, outcome: r.outcome,
    durationMs: r.duration_ms, errorMsg: r.error_msg, callTime: r.call_time,
  };
}

/** A date-only end covers its whole day. */
function endOf(t: string): string {
  return t.length === 10 ? `${t} 23:59:59.999` : `${t}.999`;
}

/** One page of a tenant's calls, newest first, with the total. */
export async function listOutApiLog(db: Kysely<Database>, tenantId: number, f: OutApiLogFilter, pageNum: number, pageSize: number): Promise<{ rows: OutApiLogRowDto[]; total: number }> {
  let q = db.selectFrom('out_api_log').where('tenant_id', '=', tenantId);
  if (f.provider) q = q.where('provider', '=', f.provider);
  if (f.outcome) q = q.where('outcome', '=', f.outcome);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.url) q = q.where('url', 'ilike', containsPattern(f.url));
  if (f.beginTime) q = q.where('call_time', '>=', sql<Date>`${f.beginTime}::timestamp`);
  if (f.endTime) q = q.where('call_time', '<=', sql<Date>`${endOf(f.endTime)}::timestamp`);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.select([...ROW_COLUMNS]).orderBy('call_time', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
  return { rows: rows.map(rowOf), total: Number(total.n) };
}

/** One of a tenant's calls with its bodies, or undefined. */
export async function findOutApiLog(db: Kysely<Database>, tenantId: number, id: number) {
  const r = await db.selectFrom('out_api_log').select([...ROW_COLUMNS, 'request_body', 'response_body'])
    .where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return r ? { ...rowOf(r), requestBody: r.request_body, responseBody: r.response_body } : undefined;
}

/** Removes calls older than the retention; answers how many. */
export async function purgeOutApiLog(db: Kysely<Database>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - OUT_API_LOG_RETENTION_DAYS * 24 * 3600_000);
  const r = await db.deleteFrom('out_api_log').where('call_time', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}
