/** /api/system/address/{id}/children: province → city → district (id 1 is the root). */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/reply.js';
import { notFound } from '../../http/HttpError.js';
import { idParams } from '../../http/schemas.js';
import { addressChildren, addressExists } from '../../repositories/addressRepository.js';

export const addressRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: number } }>('/system/address/:id/children', { schema: { params: idParams } }, async (request) => {
    if (!(await addressExists(app.db, request.params.id))) throw notFound('地址不存在');
    return ok(await addressChildren(app.db, request.params.id));
  });
};
