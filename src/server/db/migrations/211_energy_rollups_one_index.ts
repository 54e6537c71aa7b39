/**
 * Issue 33 (ADR 1043, addendum 2): `energy_rollups` keeps its primary key
 * (tenant, grain, meter, bucket) as its only index. The secondary `energy_rollups_bucket`
 * (tenant, grain, bucket) let a planner without statistics (a never-analyzed bulk load) probe it
 * with its (tenant, grain) prefix alone, reading every row of a grain per bucket (up to 15 s a
 * statement); every call reads the rollups of named meters (equality on meter, range on bucket),
 * which the primary key serves, and every rollup write maintained the second index for nothing.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m211EnergyRollupsOneIndex: Migration = {
  id: 211,
  name: 'energy_rollups_one_index',
  async up(db) {
    await sql`DROP INDEX IF EXISTS energy_rollups_bucket`.execute(db);
  },
};
