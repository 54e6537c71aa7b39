/** User import: GET /api/system/user/importTemplate and POST /api/system/user/importData (.xls / .xlsx, one file). */
import multipart from '@fastify/multipart';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { DoneEnvelope, FileAnswer } from '../../../shared/contract/common.js';
import { ImportQuery } from '../../../shared/contract/users.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { done } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { getConfigValue } from '../../repositories/configRepository.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { sendXlsx } from '../../services/exportSheet.js';
import { checkImportRows, MAX_IMPORT_ROWS, readSheet, userImportTemplate, writeImportRows } from '../../services/userImport.js';

const IMPORT_MAX_MB = 10;
const SHEET_NAME = /\.(xls|xlsx)$/i;
/** Spec 01 §2.5: the import hint, also the refusal of any other file type. */
const ONLY_XLS = '提示：仅允许导入“xls”或“xlsx”格式文件！';

export const userImportRoutes: ContractPlugin = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_MB * 1024 * 1024, files: 1, fields: 5, parts: 10 } });

  app.get('/system/user/importTemplate', { schema: { response: { 200: FileAnswer } } }, async (request, reply) => {
    requirePermission(request.user, 'system:user:import', 'system:user:add');
    return sendXlsx(reply, '用户导入模板', userImportTemplate());
  });

  app.post(
    '/system/user/importData',
    { schema: { consumes: ['multipart/form-data'], querystring: ImportQuery, response: { 200: DoneEnvelope } } },
    async (request) => {
      requirePermission(request.user, 'system:user:import');
      if (!request.isMultipart()) throw badRequest('请选择要导入的文件');
      let bytes: Buffer;
      let fileName: string;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw badRequest('请选择要导入的文件');
        fileName = part.filename;
        if (!SHEET_NAME.test(fileName)) {
          part.file.resume();
          throw badRequest(ONLY_XLS);
        }
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `文件大小超过 ${IMPORT_MAX_MB}MB`);
        throw badRequest('上传内容不正确');
      }
      const sheet = readSheet(bytes);
      if (!sheet.length) throw badRequest('导入用户数据不能为空！');
      if (sheet.length > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行，本文件超过${MAX_IMPORT_ROWS}行`);
      const { tenantId, userName: by } = request.user;
      const updateSupport = request.query.updateSupport === true;
      const { rows, errors, existing } = await checkImportRows(app.db, tenantId, sheet, updateSupport);
      if (errors.length) throw badRequest(`导入失败，共 ${errors.length} 条数据格式不正确，未导入任何数据：${errors.slice(0, 10).map((e) => `${e.field}：${e.message}`).join('；')}`, errors);
      const initPassword = (await getConfigValue(app.db, tenantId, 'sys.user.initPassword')) || '123456';
      const { added, updated } = await withOperation(app.db, request, { title: '用户管理', businessType: BUSINESS_TYPE.import, param: { fileName, rows: rows.length, updateSupport } }, (trx) =>
        writeImportRows(trx, tenantId, rows, existing, initPassword, by),
      );
      return done(`恭喜您，数据已全部导入成功！共 ${rows.length} 条（新增 ${added} 条，更新 ${updated} 条）`);
    },
  );
};
