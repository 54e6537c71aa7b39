/** /api/system/constant: option lists as a tree (reads for every signed-in user; writes need system:constant:*). */
import type { FastifyPluginAsync } from 'fastify';
import { ok, done, page } from '../../http/reply.js';
import { badRequest, found, notFound } from '../../http/HttpError.js';
import { id, idList, idParams, obj, optStr, str } from '../../http/schemas.js';
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
const fields = {
  parentId: { type: 'integer', minimum: 0 },
  name: str({ min: 1, max: 200 }),
  dataType: optStr(50),
  orderNum: { type: 'integer', minimum: 0, maximum: 999999 },
  status: { type: 'integer', enum: [0, 1] },
  formName: optStr(64),
  remark: optStr(500),
};
const addBody = obj(fields, ['name']);
const editBody = obj({ id, ...fields }, ['id', 'name']);
const parentParams = obj({ parentId: { type: 'integer', minimum: 0 } }, ['parentId']);
/** `{formName}`, or null / no body when the caller has no form. */
const formNameBody = { anyOf: [{ type: 'null' }, obj({ formName: optStr(64) })] } as const;
const listQuery = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    name: str({ max: 200 }),
    parentId: { type: 'integer', minimum: 0 },
    status: { type: 'integer', enum: [0, 1] },
    formName: str({ max: 64 }),
  },
} as const;

type Body = { parentId?: number; name: string; dataType?: string | null; orderNum?: number; status?: number; formName?: string | null; remark?: string | null };
const input = (b: Body): ConstantInput => ({ parentId: b.parentId ?? 0, name: b.name, dataType: b.dataType ?? '', orderNum: b.orderNum, status: b.status, formName: b.formName || null, remark: b.remark ?? '' });

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

export const constantRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { pageNum: number; pageSize: number; name?: string; parentId?: number; status?: number; formName?: string } }>(
    '/system/constant/list',
    { schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listConstants(app.db, request.user.tenantId, { name: q.name, parentId: q.parentId, status: q.status, formName: q.formName }, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );

  app.get('/system/constant/list/root', async (request) => ok(await allConstants(app.db, request.user.tenantId, { parentId: 0 })));

  app.get('/system/constant/version', async (request) => ok(await constantsVersion(app.db, request.user.tenantId)));

  app.post<{ Params: { parentId: number }; Body: { formName?: string | null } | null }>(
    '/system/constant/list/tree/:parentId',
    { schema: { params: parentParams, body: formNameBody } },
    async (request) => {
      const all = await allConstants(app.db, request.user.tenantId, { status: 1, formName: request.body?.formName ?? undefined });
      return ok(subtree(all, request.params.parentId));
    },
  );

  app.post<{ Params: { parentId: number }; Body: { formName?: string | null } | null }>(
    '/system/constant/list/parent/:parentId',
    { schema: { params: parentParams, body: formNameBody } },
    async (request) => {
      return ok(await allConstants(app.db, request.user.tenantId, { parentId: request.params.parentId, status: 1, formName: request.body?.formName ?? undefined }));
    },
  );

  app.get<{ Params: { id: number } }>('/system/constant/:id', { schema: { params: idParams } }, async (request) => {
    return ok(found(await findConstant(app.db, request.user.tenantId, request.params.id), '常量不存在'));
  });

  app.post<{ Body: Body }>('/system/constant', { schema: { body: addBody } }, async (request) => {
    requirePermission(request.user, 'system:constant:add');
    const { tenantId, userName } = request.user;
    const c = input(request.body);
    if (c.parentId && !(await findConstant(app.db, tenantId, c.parentId))) throw badRequest('上级常量不存在', [{ field: 'parentId', message: '上级常量不存在' }]);
    const newId = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertConstant(trx, tenantId, c, userName));
    return ok({ id: newId });
  });

  app.post<{ Body: Body & { id: number } }>('/system/constant/edit', { schema: { body: editBody } }, async (request) => {
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

  app.post<{ Body: number[] }>('/system/constant/delete', { schema: { body: idList } }, async (request) => {
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
    app.post<{ Body: number[] }>(path, { schema: { body: idList } }, async (request) => {
      requirePermission(request.user, 'system:constant:edit');
      const { tenantId } = request.user;
      const ids = [...new Set(request.body)];
      if ((await countConstants(app.db, tenantId, ids)) !== ids.length) throw notFound('常量不存在');
      await withOperation(app.db, request, { title: TITLE, businessType: type }, (trx) => setConstantsStatus(trx, tenantId, ids, status));
      return done(msg);
    });
  }
};
