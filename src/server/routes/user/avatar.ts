/** POST /api/system/user/profile/avatar: the signed-in user's picture (multipart field `avatarfile` or `file`). */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { ok } from '../../http/reply.js';
import { storeUpload } from '../../files/fileService.js';
import { filesConfig } from '../../files/filesConfig.js';
import { localFileStore } from '../../files/localFileStore.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { updateUser } from '../../repositories/userRepository.js';

export const AVATAR_MAX_MB = 5;
const IMAGE_NAME = /\.(png|jpe?g|gif|webp)$/i;

export const avatarRoutes: FastifyPluginAsync = async (app) => {
  const store = localFileStore(filesConfig(app.config).rootDir);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_MB * 1024 * 1024, files: 1, fields: 5, parts: 10 } });

  app.post('/system/user/profile/avatar', async (request) => {
    if (!request.isMultipart()) throw badRequest('请选择头像图片');
    let part;
    try {
      part = await request.file();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `文件大小超过 ${AVATAR_MAX_MB}MB`);
      throw badRequest('上传内容不正确');
    }
    if (!part || (part.fieldname !== 'avatarfile' && part.fieldname !== 'file')) throw badRequest('请选择头像图片');
    if (!IMAGE_NAME.test(part.filename) || !/^image\//.test(part.mimetype)) {
      part.file.resume();
      throw badRequest('头像只能是 png、jpg、gif 或 webp 图片');
    }
    const saved = await storeUpload(store, request.user.tenantId, part, AVATAR_MAX_MB);
    const { tenantId, userId, userName } = request.user;
    await withOperation(app.db, request, { title: '个人信息', businessType: BUSINESS_TYPE.edit, param: { avatar: saved.url } }, (trx) =>
      updateUser(trx, tenantId, userId, { avatar: saved.url }, userName),
    );
    return { ...ok({ imgUrl: saved.url }), imgUrl: saved.url };
  });
};
