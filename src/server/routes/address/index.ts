/** /api/system/address/{id}/children: province → city → district (id 1 is the root). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { notFound } from '../../http/HttpError.js';
import { AddressChildren, AddressPath } from '../../../shared/contract/system.js';
import { addressChildren, addressExists } from '../../repositories/addressRepository.js';

export const addressRoutes: ContractPlugin = async (app) => {
  app.get('/system/address/:id/children', { schema: { params: AddressPath, response: { 200: AddressChildren } } }, async (request) => {
    if (!(await addressExists(app.db, request.params.id))) throw notFound('地址不存在');
    return ok(await addressChildren(app.db, request.params.id));
  });
};
