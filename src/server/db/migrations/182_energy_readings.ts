/**
 * Issue 33 item 3 (ADR 1043): 15-minute readings and their rollups. `energy_readings` is
 * range-partitioned by month on `ts` (PGlite is PostgreSQL 18 and takes the same DDL); the
 * partitions are made on demand by ingestion (energy/readingPartitions.ts), so there is no default
 * partition to split later. The primary key (tenant, meter, ts) makes a repeated reading an
 * upsert. `energy_rollups` holds hour, day and month sums per meter, bucketed on China's local
 * time (a naive `timestamp`), recomputed from the rows beneath in the ingesting transaction.
 * `value` is the consumption of the 15 minutes starting at `ts`; `max_value` the largest
 * 15-minute value of the bucket (demand = max_value × 4).
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m182EnergyReadings: Migration = {
  id: 182,
  name: 'energy_readings',
  async up(db) {
    await sql`
      CREATE TABLE energy_readings (
        tenant_id int NOT NULL,
        meter_id int NOT NULL,
        ts timestamptz NOT NULL,
        value numeric NOT NULL,
        PRIMARY KEY (tenant_id, meter_id, ts)
      ) PARTITION BY RANGE (ts);
      CREATE TABLE energy_rollups (
        tenant_id int NOT NULL,
        grain text NOT NULL CHECK (grain IN ('hour', 'day', 'month')),
        meter_id int NOT NULL,
        bucket timestamp NOT NULL,
        value numeric NOT NULL,
        max_value numeric NOT NULL,
        samples int NOT NULL,
        PRIMARY KEY (tenant_id, grain, meter_id, bucket)
      );
      CREATE INDEX energy_rollups_bucket ON energy_rollups (tenant_id, grain, bucket);
    `.execute(db);
  },
};
