/** Per-user state of a form: saved filters (`/api/queries/{userId}/{form}`) and table settings. */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { QueriesPath, TableSettingsAnswer, TableSettingsSaved, UserColumnsPath, UserStateAnswer } from '../../../shared/contract/userState.js';
import { ok } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { loadModel } from '../../records/services/recordContext.js';
import { assertOwnUser, checkTableSettings, saveFilters, savedFilters, saveTableSettings, tableSettings } from '../../records/services/userState.js';
import { EN_NAME } from '../../records/storage/names.js';

function formName(raw: unknown): string {
  if (typeof raw !== 'string' || !EN_NAME.test(raw)) throw badRequest('表单名不合法');
  return raw;
}

/** Registers saved filters and table settings. */
export const queriesRoutes: ContractPlugin = async (app) => {
  app.get('/queries/:userId/:form', { schema: { params: QueriesPath, response: { 200: UserStateAnswer } } }, async (request) => {
    assertOwnUser(request.user, request.params.userId);
    return ok(await savedFilters(app.db, request.user, formName(request.params.form)));
  });

  app.post('/queries/:userId/:form', { schema: { params: QueriesPath, response: { 200: UserStateAnswer } } }, async (request) => {
    assertOwnUser(request.user, request.params.userId);
    return ok(await saveFilters(app.db, request.user, formName(request.params.form), request.body));
  });

  app.post('/system/config/userColumns/update', { schema: { response: { 200: TableSettingsSaved } } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const form = formName(body.formName);
    const model = await loadModel(app.db, request.user.tenantId, form);
    const settings = checkTableSettings(model, body);
    await saveTableSettings(app.db, request.user, form, settings);
    return ok(settings);
  });

  app.get('/system/config/userColumns/:form', { schema: { params: UserColumnsPath, response: { 200: TableSettingsAnswer } } }, async (request) => {
    return ok(await tableSettings(app.db, request.user, formName(request.params.form)));
  });
};
