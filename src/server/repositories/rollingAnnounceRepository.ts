/** Rolling announcements of a tenant: every query is bound to one tenant. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface AnnounceDto {
  id: number;
  content: string;
  /** `YYYY-MM-DD` or null (no bound). */
  startDate: string | null;
  endDate: string | null;
  /** '0' shown, '1' stopped. */
  status: string;
  sort: number;
  createBy: string;
  createTime: Date;
  updateTime: Date;
}

export interface AnnounceInput {
  content: string;
  startDate: string | null;
  endDate: string | null;
  status: string;
  sort: number;
}

function selectAnnouncements(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('rolling_announce')
    .select([
      'id',
      'content',
      sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
      'status',
      'sort',
      'create_by',
      'create_time',
      'update_time',
    ])
    .where('tenant_id', '=', tenantId);
}

type Row = { id: number; content: string; start_date: string | null; end_date: string | null; status: string; sort: number; create_by: string; create_time: Date; update_time: Date };

function toDto(r: Row): AnnounceDto {
  return {
    id: Number(r.id),
    content: r.content,
    startDate: r.start_date,
    endDate: r.end_date,
    status: r.status,
    sort: r.sort,
    createBy: r.create_by,
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

/** The tenant's shown announcements whose dates include `today` (`YYYY-MM-DD`): by sort, newest first. */
export async function listActiveAnnouncements(db: Kysely<Database>, tenantId: number, today: string, limit: number): Promise<AnnounceDto[]> {
  const rows = await selectAnnouncements(db, tenantId)
    .where('status', '=', '0')
    .where((eb) => eb.or([eb('start_date', 'is', null), eb(sql`start_date`, '<=', sql`${today}::date`)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb(sql`end_date`, '>=', sql`${today}::date`)]))
    .orderBy('sort')
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toDto);
}

/** Every announcement of the tenant (administration), newest first. */
export async function pageAnnouncements(db: Kysely<Database>, tenantId: number, pageNum: number, pageSize: number): Promise<{ rows: AnnounceDto[]; total: number }> {
  const total = await db.selectFrom('rolling_announce').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  const rows = await selectAnnouncements(db, tenantId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { rows: rows.map(toDto), total: Number(total.n) };
}

export async function findAnnouncement(db: Kysely<Database>, tenantId: number, id: number): Promise<AnnounceDto | undefined> {
  const row = await selectAnnouncements(db, tenantId).where('id', '=', id).executeTakeFirst();
  return row ? toDto(row) : undefined;
}

export async function insertAnnouncement(db: Kysely<Database>, tenantId: number, a: AnnounceInput, createBy: string): Promise<number> {
  const row = await db
    .insertInto('rolling_announce')
    .values({ tenant_id: tenantId, content: a.content, start_date: a.startDate, end_date: a.endDate, status: a.status, sort: a.sort, create_by: createBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** False when the announcement is not the tenant's (or gone). */
export async function updateAnnouncement(db: Kysely<Database>, tenantId: number, id: number, a: AnnounceInput): Promise<boolean> {
  const r = await db
    .updateTable('rolling_announce')
    .set({ content: a.content, start_date: a.startDate, end_date: a.endDate, status: a.status, sort: a.sort, update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes the tenant's announcements `ids`; returns how many went. */
export async function deleteAnnouncements(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await db.deleteFrom('rolling_announce').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
