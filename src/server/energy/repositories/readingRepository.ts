/**
 * The writes of ingestion (ADR 1043): which meters of a tenant exist, and one transaction that
 * makes the months' partitions, upserts the readings by (tenant, meter, ts), recomputes the
 * touched rollup buckets and moves each meter's latest reading forward (never back).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ensureReadingPartitions, monthsOf } from './readingPartitions.js';
import { refreshRollups } from './rollups.js';

/** The ids among `ids` that are meters of the tenant. */
export async function existingMeterIds(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<Set<number>> {
  const known = await sql<{ id: number }>`SELECT id FROM energy_meters WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::int[])`.execute(db);
  return new Set(known.rows.map((r) => r.id));
}

/** Each meter's newest reading of a batch (one per meter and instant already). */
export function latestPerMeter<R extends { meterId: number; at: Date }>(rows: R[]): R[] {
  const latest = new Map<number, R>();
  for (const r of rows) {
    const had = latest.get(r.meterId);
    if (!had || r.at.getTime() > had.at.getTime()) latest.set(r.meterId, r);
  }
  return [...latest.values()];
}

/** Writes distinct readings (one per meter and instant) with their rollups, in one transaction. */
export async function writeReadings(db: Kysely<Database>, tenantId: number, rows: { meterId: number; at: Date; value: number }[]): Promise<void> {
  const meters = rows.map((r) => r.meterId);
  const instants = rows.map((r) => r.at.toISOString());
  // Numerics as text: PostgreSQL keeps the decimal the client sent, without float rounding.
  const values = rows.map((r) => String(r.value));
  await db.transaction().execute(async (trx) => {
    await ensureReadingPartitions(trx, monthsOf(rows.map((r) => r.at)));
    await sql`
      INSERT INTO energy_readings (tenant_id, meter_id, ts, value)
      SELECT ${tenantId}, x.m, x.t, x.v FROM unnest(${meters}::int[], ${instants}::timestamptz[], ${values}::numeric[]) AS x(m, t, v)
      ON CONFLICT (tenant_id, meter_id, ts) DO UPDATE SET value = excluded.value`.execute(trx);
    await refreshRollups(trx, tenantId, meters, instants);
    const latest = latestPerMeter(rows);
    await sql`
      UPDATE energy_meters m SET last_ts = l.t, last_value = l.v
      FROM unnest(${latest.map((r) => r.meterId)}::int[], ${latest.map((r) => r.at.toISOString())}::timestamptz[], ${latest.map((r) => String(r.value))}::numeric[]) AS l(m, t, v)
      WHERE m.tenant_id = ${tenantId} AND m.id = l.m AND (m.last_ts IS NULL OR l.t >= m.last_ts)`.execute(trx);
  });
}
