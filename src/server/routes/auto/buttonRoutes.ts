/**
 * Custom buttons (spec 01 §3.1, §7, §8; docs/forms.md "Custom buttons"): the pre-check, the run,
 * and the tenant's webhook secrets (names listed, values only ever written).
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok, done } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { loadModel } from '../../records/services/recordContext.js';
import { designPerm } from '../../records/services/formPermissions.js';
import { customButtonOf, selectedIds } from '../../records/buttons/customButton.js';
import { checkButton } from '../../records/buttons/buttonChecks.js';
import { runButton } from '../../records/buttons/runButton.js';
import { saveSecret, secretNames } from '../../records/repositories/buttonSecrets.js';
import { checkDeleteSub } from '../../records/buttons/formChecks.js';
import { formPerm } from '../../records/services/formPermissions.js';
import { callerOf, objectBody } from './caller.js';
import { ButtonCheckAnswer, ButtonRunAnswer, DoneEnvelope, FormPath, PrecheckAnswer, SecretNamesAnswer } from '../../../shared/contract/records.js';

/** Registers `/auto/button/check`, `/auto/{form}/button/action`, `/auto/button/secrets` and `/auto/{form}/check/deleteSub`. */
export const autoButtonRoutes: ContractPlugin = async (app) => {
  app.post('/auto/button/check', { schema: { response: { 200: ButtonCheckAnswer } } }, async (request) => {
    const body = objectBody(request.body);
    if (typeof body.formName !== 'string') throw badRequest('缺少表单名称 formName');
    const model = await loadModel(app.db, request.user.tenantId, body.formName);
    const button = customButtonOf(model, body.button, request.user);
    return ok(await checkButton(app.db, model, button, selectedIds(body.ids, button), request.user));
  });

  app.post('/auto/:form/button/action', { schema: { params: FormPath, response: { 200: ButtonRunAnswer } } }, async (request) => {
    const body = objectBody(request.body);
    const model = await loadModel(app.db, request.user.tenantId, request.params.form);
    const button = customButtonOf(model, body.button, request.user);
    const ids = selectedIds(body.ids, button);
    const result = await runButton(app.db, model, button, ids, callerOf(request), { webhookAllowInternal: app.config.webhookAllowPrivate });
    return ok(result);
  });

  // Before a saved sub-form row is removed on the edit page: whoever may edit the record may ask.
  app.post('/auto/:form/check/deleteSub', { schema: { params: FormPath, response: { 200: PrecheckAnswer } } }, async (request) => {
    requirePermission(request.user, formPerm(request.params.form, 'edit'), formPerm(request.params.form, 'add'));
    const model = await loadModel(app.db, request.user.tenantId, request.params.form);
    return ok(await checkDeleteSub(app.db, model, objectBody(request.body), request.user));
  });

  // Secrets belong to form design: the same permission as editing a definition.
  app.get('/auto/button/secrets', { schema: { response: { 200: SecretNamesAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    return ok(await secretNames(app.db, request.user.tenantId));
  });
  app.post('/auto/button/secrets', { schema: { response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const body = objectBody(request.body);
    if (typeof body.name !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(body.name)) throw badRequest('密钥名称只能含字母、数字、_ . -，最长 64 个字符');
    if (typeof body.value !== 'string' || body.value.length > 4096) throw badRequest('密钥须为不超过 4096 个字符的文本');
    await saveSecret(app.db, request.user.tenantId, body.name, body.value, request.user.userName);
    return done();
  });
};
