/** Per-user state of a form: saved filters (`/api/queries/{userId}/{form}`) and table settings. */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { loadModel } from '../../records/services/recordContext.js';
import { assertOwnUser, checkTableSettings, saveFilters, savedFilters, saveTableSettings, tableSettings } from '../../records/services/userState.js';
import { EN_NAME } from '../../records/storage/names.js';

type Params = { Params: { userId: string; form: string } };

function formName(raw: unknown): string {
  if (typeof raw !== 'string' || !EN_NAME.test(raw)) throw badRequest('表单名不合法');
  return raw;
}

/** Registers saved filters and table settings. */
export const queriesRoutes: FastifyPluginAsync = async (app) => {
  app.get<Params>('/queries/:userId/:form', async (request) => {
    assertOwnUser(request.user, request.params.userId);
    return ok(await savedFilters(app.db, request.user, formName(request.params.form)));
  });

  app.post<Params>('/queries/:userId/:form', async (request) => {
    assertOwnUser(request.user, request.params.userId);
    return ok(await saveFilters(app.db, request.user, formName(request.params.form), request.body));
  });

  app.post('/system/config/userColumns/update', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const form = formName(body.formName);
    const model = await loadModel(app.db, request.user.tenantId, form);
    const settings = checkTableSettings(model, body);
    await saveTableSettings(app.db, request.user, form, settings);
    return ok(settings);
  });

  app.get<{ Params: { form: string } }>('/system/config/userColumns/:form', async (request) => {
    return ok(await tableSettings(app.db, request.user, formName(request.params.form)));
  });
};
