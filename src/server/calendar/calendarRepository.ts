/** The `work_calendars` table: one working-day calendar per tenant. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from './workCalendar.js';

/** The tenant's calendar, or the default one when none has been saved (`saved` tells which). */
export async function readWorkCalendar(db: Kysely<Database>, tenantId: number): Promise<WorkCalendar & { saved: boolean }> {
  const r = await db.selectFrom('work_calendars').select('calendar').where('tenant_id', '=', tenantId).executeTakeFirst();
  // jsonb comes back parsed on both drivers; a saved calendar is whole, the spread only fills fields added later.
  const stored = r?.calendar && typeof r.calendar === 'object' ? (r.calendar as Partial<WorkCalendar>) : null;
  return { ...DEFAULT_WORK_CALENDAR, ...(stored ?? {}), saved: !!stored };
}

/** Saves the tenant's whole calendar. */
export async function writeWorkCalendar(db: Kysely<Database>, tenantId: number, cal: WorkCalendar, userName: string): Promise<void> {
  const calendar = JSON.stringify({ workDays: cal.workDays, periods: cal.periods, exceptions: cal.exceptions, utcOffsetMinutes: cal.utcOffsetMinutes });
  await db
    .insertInto('work_calendars')
    .values({ tenant_id: tenantId, calendar, update_by: userName, update_time: new Date() })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ calendar, update_by: userName, update_time: new Date() }))
    .execute();
}
