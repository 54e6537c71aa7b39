/** Calendar entries: every query is bound to one tenant and one user (an entry is its owner's only). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface CalendarEntryDto {
  id: number;
  title: string;
  content: string;
  /** `YYYY-MM-DD HH:mm:ss`, wall-clock. */
  startTime: string;
  endTime: string;
  allDay: boolean;
  createTime: Date;
  updateTime: Date;
}

/** What a new or edited entry holds (times already checked and normalised). */
export interface CalendarEntryInput {
  title: string;
  content: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
}

const FMT = 'YYYY-MM-DD HH24:MI:SS';

function selectEntries(db: Kysely<Database>, tenantId: number, userId: number) {
  return db
    .selectFrom('user_calendar')
    .select([
      'id',
      'title',
      'content',
      sql<string>`to_char(start_time, ${FMT})`.as('start_time'),
      sql<string>`to_char(end_time, ${FMT})`.as('end_time'),
      'all_day',
      'create_time',
      'update_time',
    ])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId);
}

type Row = { id: number; title: string; content: string; start_time: string; end_time: string; all_day: boolean; create_time: Date; update_time: Date };

function toDto(r: Row): CalendarEntryDto {
  return { id: Number(r.id), title: r.title, content: r.content, startTime: r.start_time, endTime: r.end_time, allDay: r.all_day, createTime: r.create_time, updateTime: r.update_time };
}

/** The user's entries that overlap [from, toExclusive) (`YYYY-MM-DD HH:mm:ss`), by start time. */
export async function listCalendarEntries(db: Kysely<Database>, tenantId: number, userId: number, from: string, toExclusive: string): Promise<CalendarEntryDto[]> {
  const rows = await selectEntries(db, tenantId, userId)
    .where(sql<boolean>`start_time < ${toExclusive}::timestamp`)
    .where(sql<boolean>`end_time >= ${from}::timestamp`)
    .orderBy('user_calendar.start_time')
    .orderBy('id')
    .limit(2000)
    .execute();
  return rows.map(toDto);
}

/** One of the user's entries, or undefined (someone else's is undefined too). */
export async function findCalendarEntry(db: Kysely<Database>, tenantId: number, userId: number, id: number): Promise<CalendarEntryDto | undefined> {
  const row = await selectEntries(db, tenantId, userId).where('id', '=', id).executeTakeFirst();
  return row ? toDto(row) : undefined;
}

export async function insertCalendarEntry(db: Kysely<Database>, tenantId: number, userId: number, e: CalendarEntryInput): Promise<number> {
  const row = await db
    .insertInto('user_calendar')
    .values({ tenant_id: tenantId, user_id: userId, title: e.title, content: e.content, start_time: e.startTime, end_time: e.endTime, all_day: e.allDay })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates the user's entry; false when it is not theirs (or gone). */
export async function updateCalendarEntry(db: Kysely<Database>, tenantId: number, userId: number, id: number, e: CalendarEntryInput): Promise<boolean> {
  const r = await db
    .updateTable('user_calendar')
    .set({ title: e.title, content: e.content, start_time: e.startTime, end_time: e.endTime, all_day: e.allDay, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the user's entry; false when it is not theirs (or gone). */
export async function deleteCalendarEntry(db: Kysely<Database>, tenantId: number, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('user_calendar').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
