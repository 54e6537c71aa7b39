/** /api/system/constant: option lists as a tree (reads for every signed-in user; writes need system:constant:*). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done, page } from '../../http/reply.js';
import { badRequest, found, notFound } from '../../http/HttpError.js';
import { DoneEnvelope, IdList, IdParams } from '../../../shared/contract/common.js';
import * as k from '../../../shared/contract/constants.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import {
  allConstants,
  constantsVersion,
  countChildren,
  countConstants,
  deleteConstants,
  findConstant,
  insertConstant,
  listConstants,
  setConstantsStatus,
  updateConstant,
  type ConstantDto,
  type ConstantInput,
} from '../../repositories/constantRepository.js';

const TITLE = '常量管理';
const input = (b: k.AddConstantBody): ConstantInput => ({ parentId: b.parentId ?? 0, name: b.name, dataType: b.dataType ?? '', orderNum: b.orderNum, status: b.status, formName: b.formName || null, remark: b.remark ?? '' });

type Node = ConstantDto & { children?: Node[] };

function subtree(all: ConstantDto[], rootId: number): Node[] {
  const byParent = new Map<number, ConstantDto[]>();
  for (const c of all) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  const build = (pid: number, depth: number): Node[] =>
    (byParent.get(pid) ?? []).map((c) => {
      const children = depth < 20 ? build(c.id, depth + 1) : [];
      return children.length ? { ...c, children } : { ...c };
    });
  return build(rootId, 0);
}

export const constantRoutes: ContractPlugin = async (app) => {
  app.get(
    '/system/constant/list',
    { schema: { querystring: k.ConstantListQuery, response: { 200: k.ConstantPage } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listConstants(app.db, request.user.tenantId, { name: q.name, parentId: q.parentId, status: q.status, formName: q.formName }, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );

  app.get('/system/constant/list/root', { schema: { response: { 200: k.ConstantList } } }, async (request) => ok(await allConstants(app.db, request.user.tenantId, { parentId: 0 })));

  app.get('/system/constant/version', { schema: { response: { 200: k.ConstantsVersion } } }, async (request) => ok(await constantsVersion(app.db, request.user.tenantId)));

  app.post(
    '/system/constant/list/tree/:parentId',
    { schema: { params: k.ParentParams, body: k.FormNameBody, response: { 200: k.ConstantTree } } },
    async (request) => {
      const all = await allConstants(app.db, request.user.tenantId, { status: 1, formName: request.body?.formName ?? undefined });
      return ok(subtree(all, request.params.parentId));
    },
  );

  app.post(
    '/system/constant/list/parent/:parentId',
    { schema: { params: k.ParentParams, body: k.FormNameBody, response: { 200: k.ConstantList } } },
    async (request) => {
      return ok(await allConstants(app.db, request.user.tenantId, { parentId: request.params.parentId, status: 1, formName: request.body?.formName ?? undefined }));
    },
  );

  app.get('/system/constant/:id', { schema: { params: IdParams, response: { 200: k.ConstantDetail } } }, async (request) => {
    return ok(found(await findConstant(app.db, request.user.tenantId, request.params.id), '常量不存在'));
  });

  app.post('/system/constant', { schema: { body: k.AddConstantBody, response: { 200: k.AddedConstant } } }, async (request) => {
    requirePermission(request.user, 'system:constant:add');
    const { tenantId, userName } = request.user;
    const c = input(request.body);
    if (c.parentId && !(await findConstant(app.db, tenantId, c.parentId))) throw badRequest('上级常量不存在', [{ field: 'parentId', message: '上级常量不存在' }]);
    const newId = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertConstant(trx, tenantId, c, userName));
    return ok({ id: newId });
  });

  app.post('/system/constant/edit', { schema: { body: k.EditConstantBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:constant:edit');
    const { tenantId } = request.user;
    const b = request.body;
    const existing = found(await findConstant(app.db, tenantId, b.id), '常量不存在');
    const c = input({ ...b, parentId: b.parentId ?? existing.parentId });
    if (c.parentId === b.id) throw badRequest('上级常量不能是自己');
    if (c.parentId && !(await findConstant(app.db, tenantId, c.parentId))) throw badRequest('上级常量不存在', [{ field: 'parentId', message: '上级常量不存在' }]);
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateConstant(trx, tenantId, b.id, c));
    return done();
  });

  app.post('/system/constant/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:constant:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    if ((await countConstants(app.db, tenantId, ids)) !== ids.length) throw notFound('常量不存在');
    if ((await countChildren(app.db, tenantId, ids)) > 0) throw badRequest('存在下级常量，不允许删除');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteConstants(trx, tenantId, ids));
    return done('删除成功');
  });

  for (const [path, status, type, msg] of [
    ['/system/constant/invalid/', 0, BUSINESS_TYPE.void, '作废成功'],
    ['/system/constant/resume/', 1, BUSINESS_TYPE.restore, '操作成功'],
  ] as const) {
    app.post(path, { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
      requirePermission(request.user, 'system:constant:edit');
      const { tenantId } = request.user;
      const ids = [...new Set(request.body)];
      if ((await countConstants(app.db, tenantId, ids)) !== ids.length) throw notFound('常量不存在');
      await withOperation(app.db, request, { title: TITLE, businessType: type }, (trx) => setConstantsStatus(trx, tenantId, ids, status));
      return done(msg);
    });
  }
};
