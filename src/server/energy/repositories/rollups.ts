/**
 * The hour/day/month rollups of `energy_readings` (ADR 1043 and its 2026-11-29 addendum). After
 * readings are written, each touched bucket is recomputed from the rows beneath it (hour from the
 * readings, day from the readings too, month from the days) in the same transaction, so a late or
 * repeated reading leaves the rollups exactly equal to a GROUP BY over the raw table. Buckets are
 * local (Asia/Shanghai) naive timestamps. Grain names and intervals come from the constant table
 * below, bound as parameters.
 *
 * Two statements for the whole batch (ADR 1043 addenda): hour and day together, each touched
 * (meter, local day) reading its readings once by a LATERAL primary-key range scan grouped by
 * ROLLUP (hour); then month from the days, meter by equality and bucket by a range. A LATERAL
 * with an aggregate is never flattened into a join, so each look-up stays a primary-key range
 * scan even before ANALYZE has run (a plain join let the planner hash the tenant's whole table:
 * 12.6 s for one batch; the addendum's profile). `energy_rollups` has no other index (migration
 * 211), so no planner can pick a worse one.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ENERGY_ZONE } from '../energyTime.js';

const LEVELS = [
  { grain: 'day', source: 'hour', width: '1 day' },
  { grain: 'month', source: 'day', width: '1 month' },
] as const;

/**
 * One (meter, instant) pair per touched hour: 4 readings of an hour need its buckets once. UTC
 * hours and Asia/Shanghai hours start together (a whole-hour offset, no daylight saving since
 * 1991), so flooring to the UTC hour picks the same buckets as the SQL below.
 */
export function hourPairs(meterIds: number[], instants: string[]): { meterIds: number[]; instants: string[] } {
  const seen = new Set<string>();
  const out = { meterIds: [] as number[], instants: [] as string[] };
  meterIds.forEach((m, i) => {
    const hour = Math.floor(Date.parse(instants[i]) / 3_600_000);
    const key = `${m}|${hour}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.meterIds.push(m);
    out.instants.push(new Date(hour * 3_600_000).toISOString());
  });
  return out;
}

/**
 * Recomputes the rollups of the buckets holding the given (meter, instant) pairs. Hour and day
 * come from one statement: each touched (meter, local day) reads its ≤ 96 readings once, one
 * primary-key range scan, grouped by `ROLLUP (hour)`, which yields every hour of the day and the
 * day itself; the touched hours and the day are written. (Before, one index probe per touched hour
 * and a second statement reading the day's 24 hours back.) The month is then summed from its days.
 */
export async function refreshRollups(db: Kysely<Database>, tenantId: number, allMeterIds: number[], allInstants: string[]): Promise<void> {
  if (!allMeterIds.length) return;
  const { meterIds, instants } = hourPairs(allMeterIds, allInstants);
  await sql`
    WITH h AS (
      SELECT DISTINCT x.m AS meter_id, date_trunc('hour', x.t AT TIME ZONE ${ENERGY_ZONE}) AS bucket
      FROM unnest(${meterIds}::int[], ${instants}::timestamptz[]) AS x(m, t)),
    d AS (SELECT DISTINCT meter_id, date_trunc('day', bucket) AS day FROM h)
    INSERT INTO energy_rollups (tenant_id, grain, meter_id, bucket, value, max_value, samples)
    SELECT ${tenantId}, CASE WHEN s.hour IS NULL THEN 'day' ELSE 'hour' END, d.meter_id, coalesce(s.hour, d.day), s.value, s.max_value, s.samples
    FROM d CROSS JOIN LATERAL (
      SELECT x.hour, sum(x.value) AS value, max(x.value) AS max_value, count(*)::int AS samples
      FROM (
        SELECT date_trunc('hour', r.ts AT TIME ZONE ${ENERGY_ZONE}) AS hour, r.value FROM energy_readings r
        WHERE r.tenant_id = ${tenantId} AND r.meter_id = d.meter_id
          AND r.ts >= (d.day AT TIME ZONE ${ENERGY_ZONE}) AND r.ts < ((d.day + interval '1 day') AT TIME ZONE ${ENERGY_ZONE})) x
      GROUP BY ROLLUP (x.hour)) s
    WHERE s.samples > 0 AND (s.hour IS NULL OR EXISTS (SELECT 1 FROM h WHERE h.meter_id = d.meter_id AND h.bucket = s.hour))
    ON CONFLICT (tenant_id, grain, meter_id, bucket) DO UPDATE
      SET value = excluded.value, max_value = excluded.max_value, samples = excluded.samples`.execute(db);
  await sql`
    WITH b AS (
      SELECT DISTINCT x.m AS meter_id, date_trunc('month', x.t AT TIME ZONE ${ENERGY_ZONE}) AS bucket
      FROM unnest(${meterIds}::int[], ${instants}::timestamptz[]) AS x(m, t))
    INSERT INTO energy_rollups (tenant_id, grain, meter_id, bucket, value, max_value, samples)
    SELECT ${tenantId}, 'month', b.meter_id, b.bucket, s.value, s.max_value, s.samples
    FROM b CROSS JOIN LATERAL (
      SELECT sum(u.value) AS value, max(u.max_value) AS max_value, sum(u.samples)::int AS samples
      FROM energy_rollups u
      WHERE u.tenant_id = ${tenantId} AND u.grain = 'day'
        AND u.meter_id = b.meter_id AND u.bucket >= b.bucket AND u.bucket < b.bucket + interval '1 month') s
    WHERE s.samples > 0
    ON CONFLICT (tenant_id, grain, meter_id, bucket) DO UPDATE
      SET value = excluded.value, max_value = excluded.max_value, samples = excluded.samples`.execute(db);
}

/** Rebuilds every rollup of a tenant from its readings (the demo generator's bulk load). */
export async function rebuildRollups(db: Kysely<Database>, tenantId: number): Promise<void> {
  await sql`DELETE FROM energy_rollups WHERE tenant_id = ${tenantId}`.execute(db);
  await sql`
    INSERT INTO energy_rollups (tenant_id, grain, meter_id, bucket, value, max_value, samples)
    SELECT ${tenantId}, 'hour', meter_id, date_trunc('hour', ts AT TIME ZONE ${ENERGY_ZONE}), sum(value), max(value), count(*)::int
    FROM energy_readings WHERE tenant_id = ${tenantId} GROUP BY 3, 4`.execute(db);
  for (const l of LEVELS) {
    await sql`
      INSERT INTO energy_rollups (tenant_id, grain, meter_id, bucket, value, max_value, samples)
      SELECT ${tenantId}, ${l.grain}, meter_id, date_trunc(${l.grain}, bucket), sum(value), max(max_value), sum(samples)::int
      FROM energy_rollups WHERE tenant_id = ${tenantId} AND grain = ${l.source} GROUP BY 3, 4`.execute(db);
  }
}
