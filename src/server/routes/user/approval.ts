/**
 * Issue 32 item 2: 用户管理's decision on self-registered accounts waiting for approval
 * (services/userApproval.ts): `POST /system/user/approve` and `POST /system/user/reject`, both
 * `system:user:edit`, only users of the caller's tenant.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { approveUsers, assertPendingUsers, rejectUsers } from '../../services/userApproval.js';
import { ApproveUsersBody, RejectUsersBody } from '../../../shared/contract/users.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';

const TITLE = '用户管理';

export const userApprovalRoutes: ContractPlugin = async (app) => {
  app.post('/system/user/approve', { schema: { body: ApproveUsersBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:user:edit');
    const { tenantId, userName: by } = request.user;
    const ids = [...new Set(request.body.userIds)];
    const users = await assertPendingUsers(app.db, tenantId, ids);
    await withOperation(app.db, request, { title: `${TITLE}-审核通过`, businessType: BUSINESS_TYPE.edit, param: { userIds: ids } }, (trx) => approveUsers(trx, tenantId, users, by));
    return done('审核通过');
  });

  app.post('/system/user/reject', { schema: { body: RejectUsersBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:user:edit');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body.userIds)];
    const users = await assertPendingUsers(app.db, tenantId, ids);
    const param = { userIds: ids, userNames: users.map((u) => u.userName), reason: request.body.reason ?? '' };
    await withOperation(app.db, request, { title: `${TITLE}-驳回`, businessType: BUSINESS_TYPE.delete, param }, (trx) => rejectUsers(trx, tenantId, ids));
    return done('已驳回');
  });
};
