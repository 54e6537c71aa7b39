/** 制度发布 tables (migration 184): every query is bound to one tenant. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { Policy, PolicyAttachment, PolicySettings } from '../../shared/contract/policy.js';

/** What a save writes (content already cleaned). */
export interface PolicyInput {
  title: string;
  content: string;
  attachments: PolicyAttachment[];
  userIds: number[];
  deptIds: number[];
}

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : []);

const cols = ['p.id', 'p.title', 'p.content', 'p.attachments', 'p.user_ids', 'p.dept_ids', 'p.status', 'p.create_by', 'p.create_time', 'p.update_time', 'p.publish_time'] as const;

function selectPolicies(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('policies as p')
    .where('p.tenant_id', '=', tenantId)
    .select([...cols])
    .select((eb) => eb.selectFrom('policy_recipients as r').whereRef('r.policy_id', '=', 'p.id').select(eb.fn.countAll<number>().as('n')).as('notified'));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectPolicies>['executeTakeFirstOrThrow']>>;

function toDto(r: Row): Policy {
  return {
    id: Number(r.id),
    title: r.title,
    content: r.content,
    attachments: Array.isArray(r.attachments) ? (r.attachments as PolicyAttachment[]) : [],
    userIds: ints(r.user_ids),
    deptIds: ints(r.dept_ids),
    status: r.status === '1' ? '1' : '0',
    createBy: Number(r.create_by),
    createTime: r.create_time.toISOString(),
    updateTime: r.update_time.toISOString(),
    publishTime: r.publish_time ? r.publish_time.toISOString() : null,
    notified: Number(r.notified ?? 0),
  };
}

/** One page of the tenant's policies, newest first; `title` a substring, `status` '0' / '1'. */
export async function listPolicies(db: Kysely<Database>, tenantId: number, f: { title?: string; status?: string }, pageNum: number, pageSize: number): Promise<{ rows: Policy[]; total: number }> {
  let q = selectPolicies(db, tenantId);
  let c = db.selectFrom('policies as p').where('p.tenant_id', '=', tenantId);
  if (f.title) {
    // strpos, not LIKE: the title is matched as typed (% and _ are plain characters).
    q = q.where(sql<boolean>`strpos(lower(p.title), lower(${f.title})) > 0`);
    c = c.where(sql<boolean>`strpos(lower(p.title), lower(${f.title})) > 0`);
  }
  if (f.status) {
    q = q.where('p.status', '=', f.status);
    c = c.where('p.status', '=', f.status);
  }
  const total = await c.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.orderBy('p.id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
  return { rows: rows.map(toDto), total: Number(total.n) };
}

/** One policy of the tenant, or undefined. */
export async function findPolicy(db: Kysely<Database>, tenantId: number, id: number): Promise<Policy | undefined> {
  const r = await selectPolicies(db, tenantId).where('p.id', '=', id).executeTakeFirst();
  return r ? toDto(r) : undefined;
}

/** Creates a draft; returns its id. */
export async function insertPolicy(db: Kysely<Database>, tenantId: number, userId: number, p: PolicyInput): Promise<number> {
  const row = await db
    .insertInto('policies')
    .values({ tenant_id: tenantId, title: p.title, content: p.content, attachments: JSON.stringify(p.attachments), user_ids: JSON.stringify(p.userIds), dept_ids: JSON.stringify(p.deptIds), create_by: userId, create_time: new Date(), update_time: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates a policy of the tenant; false when there is none. */
export async function updatePolicy(db: Kysely<Database>, tenantId: number, id: number, p: PolicyInput): Promise<boolean> {
  const r = await db
    .updateTable('policies')
    .set({ title: p.title, content: p.content, attachments: JSON.stringify(p.attachments), user_ids: JSON.stringify(p.userIds), dept_ids: JSON.stringify(p.deptIds), update_time: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks a policy published with its recipients and records who was notified (replacing an earlier publication's list). */
export async function markPublished(db: Kysely<Database>, tenantId: number, id: number, by: number, recipients: { userIds: number[]; deptIds: number[] }, notified: number[]): Promise<void> {
  await db
    .updateTable('policies')
    .set({ status: '1', publish_time: new Date(), publish_by: by, update_time: new Date(), user_ids: JSON.stringify(recipients.userIds), dept_ids: JSON.stringify(recipients.deptIds) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('policy_recipients').where('tenant_id', '=', tenantId).where('policy_id', '=', id).execute();
  if (notified.length) await db.insertInto('policy_recipients').values(notified.map((userId) => ({ tenant_id: tenantId, policy_id: id, user_id: userId }))).execute();
}

/** Whether the user was notified of the (published) policy. */
export async function isRecipient(db: Kysely<Database>, tenantId: number, id: number, userId: number): Promise<boolean> {
  const r = await db.selectFrom('policy_recipients').select('user_id').where('tenant_id', '=', tenantId).where('policy_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return !!r;
}

/** Removes a policy of the tenant (its recipients go with it); false when there is none. */
export async function deletePolicy(db: Kysely<Database>, tenantId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('policies').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The defaults of the settings. */
export const DEFAULT_POLICY_SETTINGS: PolicySettings = { titleTemplate: '制度发布：{title}', msgType: '2' };

/** The tenant's settings, defaults filled in. */
export async function readPolicySettings(db: Kysely<Database>, tenantId: number): Promise<PolicySettings> {
  const r = await db.selectFrom('policy_settings').select('settings').where('tenant_id', '=', tenantId).executeTakeFirst();
  const saved = (r?.settings && typeof r.settings === 'object' ? r.settings : {}) as Partial<PolicySettings>;
  return { ...DEFAULT_POLICY_SETTINGS, ...saved };
}

/** Saves the tenant's settings (whole object). */
export async function writePolicySettings(db: Kysely<Database>, tenantId: number, s: PolicySettings): Promise<void> {
  const settings = JSON.stringify(s);
  await db
    .insertInto('policy_settings')
    .values({ tenant_id: tenantId, settings, update_time: new Date() })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ settings, update_time: new Date() }))
    .execute();
}
