/** In-app messages: every query is bound to one tenant and one user (a message is its recipient's only). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { containsPattern } from './likePattern.js';

export interface MessageDto {
  id: number;
  title: string;
  content: string;
  msgType: string;
  isRead: boolean;
  link: string;
  createTime: Date;
  readTime: Date | null;
}

/** What a new message holds. */
export interface NewMessage {
  tenantId: number;
  userId: number;
  title: string;
  content?: string;
  msgType?: string;
  link?: string;
  isRead?: boolean;
}

/** One page of the user's messages, newest first, optionally only read or unread ones. */
export async function listMessages(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  f: { isRead?: boolean; keyword?: string; msgType?: string },
  pageNum: number,
  pageSize: number,
): Promise<{ rows: MessageDto[]; total: number }> {
  let q = db.selectFrom('messages').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (f.isRead !== undefined) q = q.where('is_read', '=', f.isRead);
  if (f.msgType) q = q.where('msg_type', '=', f.msgType);
  if (f.keyword) {
    const pattern = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('content', 'ilike', pattern)]));
  }
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'title', 'content', 'msg_type', 'is_read', 'link', 'create_time', 'read_time'])
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return {
    rows: rows.map((r) => ({ id: r.id, title: r.title, content: r.content, msgType: r.msg_type, isRead: r.is_read, link: r.link, createTime: r.create_time, readTime: r.read_time })),
    total: Number(total.n),
  };
}

/** How many of the user's messages are unread. */
export async function countUnread(db: Kysely<Database>, tenantId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of `ids`, those that are the user's own messages. */
export async function ownMessageIds(db: Kysely<Database>, tenantId: number, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('messages').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Marks the user's messages `ids` (or all of them when `ids` is null) read or unread; returns how many changed. */
export async function setMessagesRead(db: Kysely<Database>, tenantId: number, userId: number, ids: number[] | null, isRead: boolean): Promise<number> {
  let q = db
    .updateTable('messages')
    .set({ is_read: isRead, read_time: isRead ? new Date() : null })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('is_read', '=', !isRead);
  if (ids) {
    if (!ids.length) return 0;
    q = q.where('id', 'in', ids);
  }
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Sends messages (seed, and any server part that notifies users). */
export async function insertMessages(db: Kysely<Database>, messages: NewMessage[]): Promise<void> {
  if (!messages.length) return;
  await db
    .insertInto('messages')
    .values(
      messages.map((m) => ({
        tenant_id: m.tenantId,
        user_id: m.userId,
        title: m.title,
        content: m.content ?? '',
        msg_type: m.msgType ?? '1',
        link: m.link ?? '',
        is_read: m.isRead ?? false,
        read_time: m.isRead ? new Date() : null,
      })),
    )
    .execute();
}
