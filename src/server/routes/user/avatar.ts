/** POST /api/system/user/profile/avatar: the signed-in user's picture (multipart field `avatarfile` or `file`). */
import multipart from '@fastify/multipart';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { AvatarSaved } from '../../../shared/contract/users.js';
import { badRequest } from '../../http/HttpError.js';
import { ok } from '../../http/reply.js';
import { storeUpload } from '../../files/fileService.js';
import { rememberUpload } from '../../repositories/fileUploadRepository.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { readFilePart } from '../../files/readFilePart.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { updateUser } from '../../repositories/userRepository.js';

export const AVATAR_MAX_MB = 5;
const IMAGE_NAME = /\.(png|jpe?g|gif|webp)$/i;

export const avatarRoutes: ContractPlugin = async (app) => {
  const store = await fileStoreFor(app.config);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_MB * 1024 * 1024, files: 1, fields: 5, parts: 10 } });

  app.post('/system/user/profile/avatar', { schema: { consumes: ['multipart/form-data'], response: { 200: AvatarSaved } } }, async (request) => {
    const part = await readFilePart(request, { maxSizeMb: AVATAR_MAX_MB, missing: '请选择头像图片', fieldNames: ['avatarfile', 'file'] });
    if (!IMAGE_NAME.test(part.filename) || !/^image\//.test(part.mimetype)) {
      part.file.resume();
      throw badRequest('头像只能是 png、jpg、gif 或 webp 图片');
    }
    const saved = await storeUpload(store, request.user.tenantId, part, AVATAR_MAX_MB);
    const { tenantId, userId, userName } = request.user;
    await rememberUpload(app.db, tenantId, saved.fileName, userId);
    await withOperation(app.db, request, { title: '个人信息', businessType: BUSINESS_TYPE.edit, param: { avatar: saved.url } }, (trx) =>
      updateUser(trx, tenantId, userId, { avatar: saved.url }, userName),
    );
    return { ...ok({ imgUrl: saved.url }), imgUrl: saved.url };
  });
};
