/**
 * Issue 32 item 5: anonymous forms (spec 02 §7 `POST /auto/auto_ryxx/anonymous?tenantCode=`). Public:
 * the form's fillable fields, a captcha, and the submission. For administrators
 * (`flowable:form:edit`): the form's setting.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { designPerm } from '../../records/services/formPermissions.js';
import { createCaptcha } from '../../services/captchaService.js';
import { withOperation, BUSINESS_TYPE } from '../../services/operationLog.js';
import { ANONYMOUS_LIMITS, anonymousFields, anonymousSettingOf, openAnonymousForm, publicField, setAnonymousSetting, submitAnonymous } from '../../public/anonymousForms.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import {
  AnonymousCaptchaAnswer,
  AnonymousFormAnswer,
  AnonymousParams,
  AnonymousQuery,
  AnonymousSetting,
  AnonymousSettingAnswer,
  AnonymousSubmitRequest,
} from '../../../shared/contract/publicAccess.js';

export const anonymousFormRoutes: ContractPlugin = async (app) => {
  const open = { querystring: AnonymousQuery, params: AnonymousParams };

  app.get('/auto/:form/anonymous', { schema: { ...open, response: { 200: AnonymousFormAnswer } }, config: { public: true } }, async (request) => {
    const { tenant, model } = await openAnonymousForm(app.db, request.query.tenantCode, request.params.form);
    const { served } = anonymousFields(model.form.definition);
    return ok({ enName: model.form.enName, cnName: model.form.cnName, tenantName: tenant.name, fields: served.map(publicField) });
  });

  app.get('/auto/:form/anonymous/captcha', { schema: { ...open, response: { 200: AnonymousCaptchaAnswer } }, config: { public: true } }, async (request) => {
    await openAnonymousForm(app.db, request.query.tenantCode, request.params.form);
    return ok(await createCaptcha(app.db));
  });

  app.post(
    '/auto/:form/anonymous',
    { schema: { ...open, body: AnonymousSubmitRequest, response: { 200: DoneEnvelope } }, config: { public: true }, bodyLimit: ANONYMOUS_LIMITS.bodyBytes },
    async (request) => {
      const b = request.body;
      await submitAnonymous(app.db, {
        tenantCode: request.query.tenantCode, formName: request.params.form, data: b.data, code: b.code, uuid: b.uuid, ip: request.ip, url: request.url, now: app.now(),
      });
      return done('提交成功');
    },
  );

  app.get('/flowable/form/anonymous/:form', { schema: { params: AnonymousParams, response: { 200: AnonymousSettingAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('query'), designPerm('edit'));
    return ok(await anonymousSettingOf(app.db, request.user.tenantId, request.params.form));
  });

  app.post('/flowable/form/anonymous/:form', { schema: { params: AnonymousParams, body: AnonymousSetting, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const { tenantId, userName } = request.user;
    await withOperation(app.db, request, { title: '匿名填写设置', businessType: BUSINESS_TYPE.edit }, async (trx) => {
      await setAnonymousSetting(trx, tenantId, request.params.form, { ...request.body, updateBy: userName });
    });
    return done('保存成功');
  });
};
