/**
 * /api/policy (spec 02 §7 "Resources and policy"; issue 34 item 3): 制度发布. Every call is bound
 * to the caller's tenant and checks a permission: `system:policy:list` (list, read, settings read),
 * `:edit` (drafts), `:publish`, `:remove`, `:setting`. Texts are cleaned with the print-template
 * rules (sanitizeRichTextHtml, ADR 1050) before they are stored; attachments must be files of
 * the caller's tenant. Publishing notifies the chosen users and departments in 消息中心.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok, page } from '../../http/reply.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { hasPermission, requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { tenantKeys } from '../../files/fileRefs.js';
import { sanitizeRichTextHtml } from '../../print/sanitizeTemplate.js';
import { deletePolicy, findPolicy, insertPolicy, isRecipient, listPolicies, readPolicySettings, updatePolicy, writePolicySettings } from '../../policy/policyRepository.js';
import { publishPolicy } from '../../policy/publishPolicy.js';
import {
  PolicyAnswer, PolicyEditBody, PolicyIdQuery, PolicyListQuery, PolicyPage, PolicyPublishBody, PolicyPublished, PolicyRemoved, PolicySaved, PolicySettingBody, PolicySettingsAnswer,
} from '../../../shared/contract/policy.js';

const TITLE = '制度发布';

export const policyRoutes: ContractPlugin = async (app) => {
  app.get('/policy/list', { schema: { querystring: PolicyListQuery, response: { 200: PolicyPage } } }, async (request) => {
    requirePermission(request.user, 'system:policy:list');
    const q = request.query;
    const { rows, total } = await listPolicies(app.db, request.user.tenantId, { title: q.title?.trim() || undefined, status: q.status }, q.pageNum, q.pageSize);
    return page(rows, total);
  });

  // A recipient reads a published policy without the list permission (the message points here).
  app.get('/policy/information/get', { schema: { querystring: PolicyIdQuery, response: { 200: PolicyAnswer } } }, async (request) => {
    const { tenantId, userId } = request.user;
    const policy = await findPolicy(app.db, tenantId, request.query.id);
    if (!policy) throw notFound();
    if (!hasPermission(request.user, 'system:policy:list')) {
      if (policy.status !== '1' || !(await isRecipient(app.db, tenantId, policy.id, userId))) throw notFound();
    }
    return ok(policy);
  });

  app.post('/policy/information/edit', { schema: { body: PolicyEditBody, response: { 200: PolicySaved } } }, async (request) => {
    requirePermission(request.user, 'system:policy:edit');
    const { tenantId, userId } = request.user;
    const b = request.body;
    const attachments = b.attachments ?? [];
    tenantKeys(attachments.map((a) => a.url), tenantId);
    const input = { title: b.title.trim(), content: sanitizeRichTextHtml(b.content ?? ''), attachments, userIds: [...new Set(b.userIds ?? [])], deptIds: [...new Set(b.deptIds ?? [])] };
    if (!input.title) throw badRequest('制度标题不能为空');
    const id = await withOperation(app.db, request, { title: TITLE, businessType: b.id ? BUSINESS_TYPE.edit : BUSINESS_TYPE.add, param: { id: b.id, title: input.title } }, async (trx) => {
      if (!b.id) return insertPolicy(trx, tenantId, userId, input);
      if (!(await updatePolicy(trx, tenantId, b.id, input))) throw notFound();
      return b.id;
    });
    return ok({ id });
  });

  app.post('/policy/publish', { schema: { body: PolicyPublishBody, response: { 200: PolicyPublished } } }, async (request) => {
    requirePermission(request.user, 'system:policy:publish');
    const b = request.body;
    const notified = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.other, param: { id: b.id, publish: true } }, (trx) =>
      publishPolicy(trx, request.user, b.id, { userIds: b.userIds, deptIds: b.deptIds }),
    );
    return ok({ id: b.id, notified });
  });

  // Spec 02 §7 names a GET for removal; it is permission-checked and logged like any write.
  app.get('/policy/information/remove', { schema: { querystring: PolicyIdQuery, response: { 200: PolicyRemoved } } }, async (request) => {
    requirePermission(request.user, 'system:policy:remove');
    const { id } = request.query;
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete, param: { id } }, async (trx) => {
      if (!(await deletePolicy(trx, request.user.tenantId, id))) throw notFound();
    });
    return done('删除成功');
  });

  app.get('/policy/setting', { schema: { response: { 200: PolicySettingsAnswer } } }, async (request) => {
    requirePermission(request.user, 'system:policy:list', 'system:policy:setting');
    return ok(await readPolicySettings(app.db, request.user.tenantId));
  });

  app.post('/policy/setting', { schema: { body: PolicySettingBody, response: { 200: PolicySettingsAnswer } } }, async (request) => {
    requirePermission(request.user, 'system:policy:setting');
    const { tenantId } = request.user;
    const b = request.body;
    const next = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit, param: b }, async (trx) => {
      const current = await readPolicySettings(trx, tenantId);
      const merged = { ...current, ...(b.titleTemplate !== undefined ? { titleTemplate: b.titleTemplate.trim() || current.titleTemplate } : {}), ...(b.msgType ? { msgType: b.msgType } : {}) };
      await writePolicySettings(trx, tenantId, merged);
      return merged;
    });
    return ok(next);
  });
};
