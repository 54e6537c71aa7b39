/** /api/system/dict/data: dictionary entries (reads for every signed-in user; writes need system:dict:*). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done, page } from '../../http/reply.js';
import { found, notFound } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, recordRequestOperation, withOperation } from '../../services/operationLog.js';
import { MAX_EXPORT_ROWS, sendXlsx, toXlsx, type ExportColumn } from '../../services/exportSheet.js';
import { countDictData, deleteDictData, dictDataByType, findDictData, insertDictData, listDictData, updateDictData, type DictDataDto, type DictDataInput } from '../../repositories/dictDataRepository.js';
import { DoneEnvelope, FileAnswer, IdList, IdParams } from '../../../shared/contract/common.js';
import * as c from '../../../shared/contract/dicts.js';

const TITLE = '字典数据';
const input = (b: c.AddDictDataBody): DictDataInput => ({ ...b, cssClass: b.cssClass ?? '', listClass: b.listClass ?? '', remark: b.remark ?? '' });

export const dictRoutes: ContractPlugin = async (app) => {
  app.get(
    '/system/dict/data/list',
    { schema: { querystring: c.DictDataListQuery, response: { 200: c.DictDataPage } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listDictData(app.db, request.user.tenantId, { dictType: q.dictType, dictLabel: q.dictLabel, status: q.status || undefined }, q.pageNum, q.pageSize);
      return page(rows, total);
    },
  );

  app.get('/system/dict/data/export', { schema: { querystring: c.DictDataListQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
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

  app.get(
    '/system/dict/data/type/:dictType',
    { schema: { params: c.DictTypeParams, response: { 200: c.DictDataList } } },
    async (request) => ok(await dictDataByType(app.db, request.user.tenantId, request.params.dictType)),
  );

  app.get('/system/dict/data/:id', { schema: { params: IdParams, response: { 200: c.DictDataDetail } } }, async (request) => {
    return ok(found(await findDictData(app.db, request.user.tenantId, request.params.id), '字典数据不存在'));
  });

  app.post('/system/dict/data', { schema: { body: c.AddDictDataBody, response: { 200: c.AddedDictData } } }, async (request) => {
    requirePermission(request.user, 'system:dict:add');
    const { tenantId, userName } = request.user;
    const dictCode = await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.add }, (trx) => insertDictData(trx, tenantId, input(request.body), userName));
    return ok({ dictCode });
  });

  app.post('/system/dict/data/edit', { schema: { body: c.EditDictDataBody, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:dict:edit');
    const { tenantId, userName } = request.user;
    found(await findDictData(app.db, tenantId, request.body.dictCode), '字典数据不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.edit }, (trx) => updateDictData(trx, tenantId, request.body.dictCode, input(request.body), userName));
    return done();
  });

  app.post('/system/dict/data/delete', { schema: { body: IdList, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, 'system:dict:remove');
    const { tenantId } = request.user;
    const ids = [...new Set(request.body)];
    if ((await countDictData(app.db, tenantId, ids)) !== ids.length) throw notFound('字典数据不存在');
    await withOperation(app.db, request, { title: TITLE, businessType: BUSINESS_TYPE.delete }, (trx) => deleteDictData(trx, tenantId, ids));
    return done('删除成功');
  });
};
