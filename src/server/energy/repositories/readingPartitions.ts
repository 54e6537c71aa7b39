/**
 * The monthly partitions of `energy_readings` (ADR 1043), made when a reading first falls in a
 * month. Partition names and bounds are built from integers only (`energy_readings_pYYYYMM`,
 * UTC month bounds), never from request text; an advisory lock keeps two writers from creating
 * the same partition at once on PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

const LOCK_KEY = 1043;

/** `YYYYMM` (UTC) of each instant, distinct. */
export function monthsOf(instants: Date[]): number[] {
  return [...new Set(instants.map((d) => d.getUTCFullYear() * 100 + d.getUTCMonth() + 1))].sort();
}

const bound = (ym: number): string => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}-01 00:00:00+00`;
const next = (ym: number): number => (ym % 100 === 12 ? (Math.floor(ym / 100) + 1) * 100 + 1 : ym + 1);

/** Creates the partitions of the given months that do not exist yet (one look-up for all of them). */
export async function ensureReadingPartitions(db: Kysely<Database>, months: number[]): Promise<void> {
  for (const ym of months) if (!Number.isInteger(ym) || ym < 190001 || ym > 299912) throw new Error(`bad partition month ${ym}`);
  if (!months.length) return;
  const names = months.map((ym) => `energy_readings_p${ym}`);
  const missing = await sql<{ i: number }>`SELECT i::int FROM unnest(${names}::text[]) WITH ORDINALITY AS n(name, i) WHERE to_regclass(n.name) IS NULL`.execute(db);
  if (!missing.rows.length) return;
  await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(db);
  for (const { i } of missing.rows) {
    const ym = months[Number(i) - 1];
    await sql.raw(`CREATE TABLE IF NOT EXISTS energy_readings_p${ym} PARTITION OF energy_readings FOR VALUES FROM ('${bound(ym)}') TO ('${bound(next(ym))}')`).execute(db);
  }
}
