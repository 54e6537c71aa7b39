/**
 * Issue 32 item 2: an administrator's decision on self-registered accounts waiting for approval
 * (users.pending_approval, migration 173). 审核通过 enables the account and tells its owner in
 * 消息中心; 驳回 deletes it: a waiting account has never signed in, so it holds no records or
 * sessions, and its user name becomes free for a corrected registration. Only accounts still
 * waiting are decided; anything else is refused and nothing is written.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest, conflict } from '../http/HttpError.js';
import { approvePendingUsers, deletePendingUsers } from '../repositories/userRepository.js';
import { insertMessages } from '../repositories/messageRepository.js';
import { assertUsers } from './userService.js';

export const APPROVAL_MESSAGES = {
  notPending: (userName: string) => `用户「${userName}」不是待审核状态`,
  decided: '部分用户已被其他管理员处理，请刷新后重试',
  approvedTitle: '账号审核通过',
  approvedContent: (userName: string) => `您注册的账号「${userName}」已通过管理员审核，现在可以正常使用系统。`,
} as const;

/** The tenant's users `ids`, each of them waiting; 404 for one the tenant lacks, 400 for one not waiting. */
export async function assertPendingUsers(db: Kysely<Database>, tenantId: number, ids: number[]) {
  const users = await assertUsers(db, tenantId, ids);
  const settled = users.find((u) => !u.pendingApproval);
  if (settled) throw badRequest(APPROVAL_MESSAGES.notPending(settled.userName));
  return users;
}

/** 审核通过 inside the caller's transaction: enable, clear the flag, one 消息中心 message each. */
export async function approveUsers(trx: Kysely<Database>, tenantId: number, users: { userId: number; userName: string }[], by: string): Promise<void> {
  const approved = await approvePendingUsers(trx, tenantId, users.map((u) => u.userId), by);
  // Another administrator decided one of them since the check: undo everything (the caller's transaction).
  if (approved.length !== users.length) throw conflict(APPROVAL_MESSAGES.decided);
  await tellApproved(trx, tenantId, users);
}

/**
 * The 消息中心 message of an approved account. Also sent when an administrator enables a waiting
 * account by its status (changeStatus/0, edit), which approves it as well.
 */
export async function tellApproved(trx: Kysely<Database>, tenantId: number, users: { userId: number; userName: string }[]): Promise<void> {
  if (!users.length) return;
  await insertMessages(
    trx,
    users.map((u) => ({ tenantId, userId: u.userId, msgType: '2', title: APPROVAL_MESSAGES.approvedTitle, content: APPROVAL_MESSAGES.approvedContent(u.userName), link: '/user/profile' })),
  );
}

/** 驳回 inside the caller's transaction: the waiting accounts are deleted (roles and settings with them). */
export async function rejectUsers(trx: Kysely<Database>, tenantId: number, ids: number[]): Promise<void> {
  const deleted = await deletePendingUsers(trx, tenantId, ids);
  if (deleted.length !== ids.length) throw conflict(APPROVAL_MESSAGES.decided);
}
