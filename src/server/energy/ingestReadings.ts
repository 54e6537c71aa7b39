/**
 * Batch ingestion of 15-minute readings (POST /api/energy/readings, ADR 1043): validated as a
 * whole (a batch with one bad reading writes nothing), deduplicated (the last of a repeated
 * meter+time in one batch wins), upserted by (tenant, meter, ts) so a repeated reading replaces
 * the stored one, then the touched rollup buckets are recomputed and each meter's latest reading
 * moved forward, all in one transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest } from '../http/HttpError.js';
import { ensureReadingPartitions, monthsOf } from './readingPartitions.js';
import { refreshRollups } from './rollups.js';

/** The most readings one call may carry. */
export const MAX_READINGS_PER_CALL = 5000;
/** The largest value of one 15-minute interval (above it a meter is misconfigured). */
const MAX_VALUE = 1e9;
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');

export interface ReadingInput {
  meterId: number;
  ts: string;
  value: number;
}

/** Checks a batch: the Chinese message of its first fault, or the readings as instants. */
export function checkReadings(readings: ReadingInput[], now: Date): { meterId: number; at: Date; value: number }[] {
  if (!readings.length) throw badRequest('读数不能为空');
  if (readings.length > MAX_READINGS_PER_CALL) throw badRequest(`每次最多提交 ${MAX_READINGS_PER_CALL} 条读数，本次 ${readings.length} 条`);
  return readings.map((r, i) => {
    const n = i + 1;
    const at = new Date(r.ts);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(r.ts) || Number.isNaN(at.getTime()))
      throw badRequest(`第 ${n} 条读数的时间「${r.ts}」无效，应为带时区的 ISO 时间`);
    if (at.getTime() % 900_000 !== 0) throw badRequest(`第 ${n} 条读数的时间「${r.ts}」未对齐到 15 分钟`);
    if (at.getTime() < EARLIEST || at.getTime() > now.getTime() + 86400_000) throw badRequest(`第 ${n} 条读数的时间「${r.ts}」超出允许范围`);
    if (!Number.isFinite(r.value) || r.value < 0 || r.value > MAX_VALUE) throw badRequest(`第 ${n} 条读数的数值无效，应为 0 到 ${MAX_VALUE} 之间的数`);
    return { meterId: r.meterId, at, value: r.value };
  });
}

/** Writes a checked batch; answers how many distinct readings were written. */
export async function ingestReadings(db: Kysely<Database>, tenantId: number, readings: ReadingInput[], now: Date): Promise<{ written: number; meters: number }> {
  const checked = checkReadings(readings, now);
  const ids = [...new Set(checked.map((r) => r.meterId))];
  const known = await sql<{ id: number }>`SELECT id FROM energy_meters WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::int[])`.execute(db);
  const have = new Set(known.rows.map((r) => r.id));
  const missing = ids.find((id) => !have.has(id));
  if (missing !== undefined) throw badRequest(`计量点 ${missing} 不存在`);
  const last = new Map<string, { meterId: number; at: Date; value: number }>();
  for (const r of checked) last.set(`${r.meterId}|${r.at.getTime()}`, r);
  const rows = [...last.values()];
  const meters = rows.map((r) => r.meterId);
  const instants = rows.map((r) => r.at.toISOString());
  const values = rows.map((r) => String(r.value));
  await db.transaction().execute(async (trx) => {
    await ensureReadingPartitions(trx, monthsOf(rows.map((r) => r.at)));
    await sql`
      INSERT INTO energy_readings (tenant_id, meter_id, ts, value)
      SELECT ${tenantId}, x.m, x.t, x.v FROM unnest(${meters}::int[], ${instants}::timestamptz[], ${values}::numeric[]) AS x(m, t, v)
      ON CONFLICT (tenant_id, meter_id, ts) DO UPDATE SET value = excluded.value`.execute(trx);
    await refreshRollups(trx, tenantId, meters, instants);
    await sql`
      UPDATE energy_meters m SET last_ts = l.t, last_value = l.v
      FROM (SELECT DISTINCT ON (x.m) x.m, x.t, x.v FROM unnest(${meters}::int[], ${instants}::timestamptz[], ${values}::numeric[]) AS x(m, t, v) ORDER BY x.m, x.t DESC) l
      WHERE m.tenant_id = ${tenantId} AND m.id = l.m AND (m.last_ts IS NULL OR l.t >= m.last_ts)`.execute(trx);
  });
  return { written: rows.length, meters: ids.length };
}
