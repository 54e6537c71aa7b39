/** /api/system/dict/data: dictionary entries (reads for every signed-in user; writes need system:dict:*). */
import type { FastifyPluginAsync } from 'fastify';
import { ok, done, page } from '../../http/reply.js';
import { found, notFound } from '../../http/HttpError.js';
import { id, idList, idParams, obj, optStr, status01, str } from '../../http/schemas.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, recordRequestOperation, withOperation } from '../../services/operationLog.js';
import { MAX_EXPORT_ROWS, sendXlsx, toXlsx, type ExportColumn } from '../../services/exportSheet.js';
import { countDictData, deleteDictData, dictDataByType, findDictData, insertDictData, listDictData, updateDictData, type DictDataDto, type DictDataInput } from '../../repositories/dictDataRepository.js';

const TITLE = '字典数据';
const DICT_TYPE_PATTERN = '^[a-z][a-z0-9_]{0,99}$';
const fields = {
  dictType: str({ min: 1, max: 100, pattern: DICT_TYPE_PATTERN }),
  dictLabel: str({ min: 1, max: 100 }),
  dictValue: str({ min: 1, max: 100 }),
  dictSort: { type: 'integer', minimum: 0, maximum: 99999 },
  cssClass: optStr(100),
  listClass: optStr(100),
  isDefault: { type: 'string', enum: ['Y', 'N'] },
  status: status01,
  remark: optStr(500),
};
const addBody = obj(fields, ['dictType', 'dictLabel', 'dictValue']);
const editBody = obj({ dictCode: id, ...fields }, ['dictCode', 'dictType', 'dictLabel', 'dictValue']);
const listQuery = {
  type: 'object',
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
    dictType: str({ max: 100 }),
    dictLabel: str({ max: 100 }),
    status: { type: 'string', enum: ['0', '1', ''] },
  },
} as const;

type Body = Omit<DictDataInput, 'cssClass' | 'listClass' | 'remark'> & { cssClass?: string | null; listClass?: string | null; remark?: string | null };
const input = (b: Body): DictDataInput => ({ ...b, cssClass: b.cssClass ?? '', listClass: b.listClass ?? '', remark: b.remark ?? '' });

export const dictRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { pageNum: number; pageSize: number; dictType?: string; dictLabel?: string; status?: string } }>(
    '/system/dict/data/list',
    { schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listDictData(app.db, request.user.tenantId, { dictType: q.dictType, dictLabel: q.dictLabel, status: q.status || undefined }, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );

  app.get<{ Querystring: { dictType?: string; dictLabel?: string; status?: string } }>('/system/dict/data/export', { schema: { querystring: listQuery } }, async (request, reply) => {
    requirePermission(request.user, 'system:dict:export');
    const q = request.query;
    const { rows } = await listDictData(app.db, request.user.tenantId, { dictType: q.dictType, dictLabel: q.dictLabel, status: q.status || undefined }, 1, MAX_EXPORT_ROWS);
    await recordRequestOperation(app.db, request, TITLE, BUSINESS_TYPE.export, q);
    const columns: ExportColumn<DictDataDto>[] = [
      { header: '字典编码', value: (d) => d.dictCode },
      { header: '字典排序', value: (d) => d.dictSort },
      { header: '字典标签', value: (d) => d.dictLabel },
      { header: '字典键值', value: (d) => d.dictValue },
      { header: '字典类型', value: (d) => d.dictType },
      { header: '是否默认', value: (d) => (d.isDefault === 'Y' ? '是' : '否') },
      { header: '状态', value: (d) => (d.status === '0' ? '正常' : '停用') },
      { header: '备注', value: (d) => d.remark },
    ];
    return sendXlsx(reply, '字典数据', toXlsx('字典数据', columns, rows));
  });

  app.get<{ Params: { dictType: string } }>(
    '/system/dict/data/type/:dictType',
    { schema: { params: obj({ dictType: str({ min: 1, max: 100 }) }, ['dictType']) } },
    async (request) => ok(await dictDataByType(app.db, request.user.tenantId, request.params.dictType)),
  );

  app.get<{ Params: { id: number } }>('/system/dict/data/:id', { schema: { params: idParams } }, async (request) => {
    return ok(found(await findDictData(app.db, request.user.tenantId, request.params.id), '字典数据不存在'));
  });

  app.post<{ Body: Body }>('/system/dict/data', { schema: { body: addBody } }, async (request) => {
    requirePermission(request.user, 'system:dict:add');
    const { tenantId, userName } = request.user;
    const dictCode = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertDictData(trx, tenantId, input(request.body), userName));
    return ok({ dictCode });
  });

  app.post<{ Body: Body & { dictCode: number } }>('/system/dict/data/edit', { schema: { body: editBody } }, async (request) => {
    requirePermission(request.user, 'system:dict:edit');
    const { tenantId, userName } = request.user;
    found(await findDictData(app.db, tenantId, request.body.dictCode), '字典数据不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateDictData(trx, tenantId, request.body.dictCode, input(request.body), userName));
    return done();
  });

  app.post<{ Body: number[] }>('/system/dict/data/delete', { schema: { body: idList } }, async (request) => {
    requirePermission(request.user, 'system:dict:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    if ((await countDictData(app.db, tenantId, ids)) !== ids.length) throw notFound('字典数据不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteDictData(trx, tenantId, ids));
    return done('删除成功');
  });
};
