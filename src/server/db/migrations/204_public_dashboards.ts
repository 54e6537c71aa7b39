/**
 * Issue 33: a dashboard an administrator marked public (公开访问) is served signed out by
 * `GET /api/public/dashboard/{key}?tenantCode=` over the portal's published records only
 * (src/server/dashboards/publicDashboard.ts, ADR 1056). Existing dashboards stay private.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m204PublicDashboards: Migration = {
  id: 204,
  name: 'public_dashboards',
  async up(db) {
    await sql`ALTER TABLE dashboards ADD COLUMN is_public boolean NOT NULL DEFAULT false`.execute(db);
  },
};
