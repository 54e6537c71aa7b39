/**
 * Who a user task goes to (ADR 0970): a user, a role's users, a department's leader, the starter's
 * department leader, or the user(s) held by a field of the record. Only active users of the tenant.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/HttpError.js';
import { ADMIN_ROLE } from '../../auth/permissions.js';
import type { FlowNode } from '../engine/graph.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';

/** Active users of the tenant among `ids`, in the order given, without repeats. */
export async function activeUsers(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (!wanted.length) return [];
  const r = await sql<{ id: number }>`SELECT id FROM users WHERE tenant_id = ${tenantId} AND status = '0' AND id = ANY(${wanted}::bigint[])`.execute(db);
  const found = new Set(r.rows.map((x) => Number(x.id)));
  return wanted.filter((n) => found.has(n));
}

/** A user named by id, user name or, failing those, nick name (RuoYi keeps a dept's leader as text). */
async function userByName(db: Kysely<Database>, tenantId: number, name: string): Promise<number[]> {
  const asId = /^\d{1,15}$/.test(name) ? Number(name) : 0;
  const r = await sql<{ id: number }>`SELECT id FROM users WHERE tenant_id = ${tenantId} AND status = '0'
    AND (id = ${asId} OR user_name = ${name} OR (nick_name = ${name} AND NOT EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = ${tenantId} AND u.user_name = ${name})))
    ORDER BY (user_name = ${name}) DESC, id LIMIT 1`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

async function deptLeader(db: Kysely<Database>, tenantId: number, deptId: number | null): Promise<number[]> {
  if (!deptId) return [];
  const r = await sql<{ leader: string }>`SELECT leader FROM depts WHERE tenant_id = ${tenantId} AND id = ${deptId}`.execute(db);
  const leader = r.rows[0]?.leader?.trim();
  return leader ? userByName(db, tenantId, leader) : [];
}

/**
 * The leader `level` levels up from the starter's department (1: its own, 2: its parent's, …),
 * walking depts.parent_id; nobody when the tree is shallower or that department has no leader.
 */
async function levelLeader(db: Kysely<Database>, tenantId: number, starterId: number, level: number): Promise<number[]> {
  if (!Number.isSafeInteger(level) || level < 1 || level > 10) return [];
  const r = await sql<{ id: number }>`WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT d.id, d.parent_id, 1 FROM depts d JOIN users u ON u.dept_id = d.id AND u.tenant_id = d.tenant_id
       WHERE u.tenant_id = ${tenantId} AND u.id = ${starterId}
      UNION ALL
      SELECT d.id, d.parent_id, up.depth + 1 FROM depts d JOIN up ON d.id = up.parent_id
       WHERE d.tenant_id = ${tenantId} AND up.depth < ${level}
    ) SELECT id FROM up WHERE depth = ${level}`.execute(db);
  return deptLeader(db, tenantId, r.rows[0] ? Number(r.rows[0].id) : null);
}

/** User ids held by a record value: an id, a numeric string, or a list of them. */
export function idsOfValue(v: unknown): number[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => (typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,15}$/.test(x.trim()) ? Number(x) : 0)).filter((n) => n > 0);
}

/** Values of one field an assignee rule reads (the per-step task limit, flowLimits.ts, is 200). */
const MAX_FIELD_VALUES = 200;

/** The assignees of a user task; a 400 naming the node when nobody is found (nothing is then written). */
export async function resolveAssignees(db: Kysely<Database>, tenantId: number, node: FlowNode, record: Record<string, unknown>, starterId: number): Promise<number[]> {
  const ids = await findAssignees(db, tenantId, node, record, starterId);
  if (!ids.length) throw badRequest(`节点「${node.name || node.id}」找不到处理人`);
  return ids;
}

/** The users a node's rule names (assignees of a user task, recipients of a 抄送 node); maybe none. */
export async function findAssignees(db: Kysely<Database>, tenantId: number, node: FlowNode, record: Record<string, unknown>, starterId: number): Promise<number[]> {
  const value = node.assignee ?? '';
  let ids: number[] = [];
  switch (node.assigneeType) {
    case 'user':
      ids = await userByName(db, tenantId, value);
      break;
    case 'role': {
      const r = await sql<{ id: number }>`SELECT u.id FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles ro ON ro.id = ur.role_id
        WHERE u.tenant_id = ${tenantId} AND u.status = '0' AND ro.tenant_id = ${tenantId} AND ro.role_key = ${value} ORDER BY u.id`.execute(db);
      ids = r.rows.map((x) => Number(x.id));
      break;
    }
    case 'deptLeader':
      ids = /^\d{1,15}$/.test(value) ? await deptLeader(db, tenantId, Number(value)) : [];
      break;
    case 'starterLeader': {
      const r = await sql<{ dept_id: number | null }>`SELECT dept_id FROM users WHERE tenant_id = ${tenantId} AND id = ${starterId}`.execute(db);
      ids = await deptLeader(db, tenantId, r.rows[0]?.dept_id ? Number(r.rows[0].dept_id) : null);
      break;
    }
    case 'levelLeader':
      ids = await levelLeader(db, tenantId, starterId, Number(value));
      break;
    case 'deptFieldLeader':
      // A department field holds one dept id, or a list (multiple): the leader of each, in the
      // field's order, as a multiple user field gives each of its users (ADR 1066).
      for (const deptId of idsOfValue(record[value]).slice(0, MAX_FIELD_VALUES)) ids.push(...(await deptLeader(db, tenantId, deptId)));
      break;
    case 'field':
      ids = await activeUsers(db, tenantId, idsOfValue(record[value]).slice(0, MAX_FIELD_VALUES));
      break;
  }
  return [...new Set(ids)];
}

/** The tenant's administrator: its first active holder of the role `admin` (none: empty). */
export async function tenantAdministrator(db: Kysely<Database>, tenantId: number): Promise<number[]> {
  const r = await sql<{ id: number }>`SELECT u.id FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles ro ON ro.id = ur.role_id
    WHERE u.tenant_id = ${tenantId} AND u.status = '0' AND ro.tenant_id = ${tenantId} AND ro.role_key = ${ADMIN_ROLE} ORDER BY u.id LIMIT 1`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** Nick names of users, by id (for history and messages). */
export async function nickNames(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const r = await sql<{ id: number; nick_name: string }>`SELECT id, nick_name FROM users WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
  return new Map(r.rows.map((x) => [Number(x.id), x.nick_name]));
}

/** The starter's user context: conditions are judged as the starter would see them, whoever acts. */
export async function starterContext(db: Kysely<Database>, tenantId: number, userId: number): Promise<UserContext> {
  const r = await sql<{ user_name: string; nick_name: string; dept_id: number | null; role_keys: string[] | null; role_names: string[] | null }>`
    SELECT u.user_name, u.nick_name, u.dept_id, array_remove(array_agg(ro.role_key), NULL) AS role_keys, array_remove(array_agg(ro.role_name), NULL) AS role_names
    FROM users u LEFT JOIN user_roles ur ON ur.user_id = u.id LEFT JOIN roles ro ON ro.id = ur.role_id
    WHERE u.tenant_id = ${tenantId} AND u.id = ${userId} GROUP BY u.id`.execute(db);
  const u = r.rows[0];
  return { userId, userName: u?.user_name ?? '', nickName: u?.nick_name ?? '', deptId: u?.dept_id === null || u?.dept_id === undefined ? null : Number(u.dept_id), roleKeys: u?.role_keys ?? [], roleNames: u?.role_names ?? [] } as UserContext;
}

/**
 * Whom an overdue task may be escalated to (审批期限 转交上级, ADR 1049), in order: the leader of the
 * assignee's own department, a named user, or a role's active members (lowest id first); never
 * the assignee. The caller passes over those who already have a say in the node entry (ADR 1066).
 */
export async function escalationCandidates(db: Kysely<Database>, tenantId: number, to: { kind: 'leader' | 'user' | 'role'; value?: string } | undefined, assigneeId: number): Promise<number[]> {
  let ids: number[];
  if (!to || to.kind === 'leader') {
    const r = await sql<{ dept_id: number | null }>`SELECT dept_id FROM users WHERE tenant_id = ${tenantId} AND id = ${assigneeId}`.execute(db);
    ids = await deptLeader(db, tenantId, r.rows[0]?.dept_id ? Number(r.rows[0].dept_id) : null);
  } else {
    ids = await findAssignees(db, tenantId, { id: '', name: '', kind: 'userTask', incoming: [], outgoing: [], assigneeType: to.kind, assignee: to.value ?? '' }, {}, assigneeId);
  }
  return ids.filter((id) => id !== assigneeId);
}
