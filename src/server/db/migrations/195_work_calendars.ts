/**
 * 工作日历 (issue 34 item 5, shared with flow node deadlines of issue 30): one working-day calendar
 * per tenant as JSON (weekly working days, working periods, dated exceptions, UTC offset). A
 * tenant without a row works by DEFAULT_WORK_CALENDAR, so nothing is seeded.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m195WorkCalendars: Migration = {
  id: 195,
  name: 'work_calendars',
  async up(db) {
    await sql`
      CREATE TABLE work_calendars (
        tenant_id int PRIMARY KEY REFERENCES tenants(id),
        calendar jsonb NOT NULL,
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
  },
};
