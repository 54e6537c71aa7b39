/**
 * Issue 32 item 2, spec 02 §7: `POST /system/user/tenant/verification`, public. A sign-in or
 * register page checks that a typed tenant code names an active tenant before it asks for more.
 * The answer carries the code and name only (what `GET /system/tenant/all` shows of an active
 * tenant), refusals are the sign-in's own texts, and each address may ask 30 times an hour.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { findTenantByCode } from '../../repositories/tenantRepository.js';
import { LOGIN_MESSAGES } from '../../services/authService.js';
import { takePublicAttempt } from '../../public/publicThrottle.js';
import { TenantVerificationAnswer, TenantVerificationRequest } from '../../../shared/contract/sms.js';

export const tenantVerificationRoutes: ContractPlugin = async (app) => {
  app.post(
    '/system/user/tenant/verification',
    { schema: { body: TenantVerificationRequest, response: { 200: TenantVerificationAnswer } }, config: { public: true } },
    async (request) => {
      // Counted before the look-up, so guessing codes costs the same whatever the answer.
      await takePublicAttempt(app.db, 'tenantVerification', request.ip, app.now());
      const code = request.body.tenantCode.trim();
      const tenant = code ? await findTenantByCode(app.db, code) : undefined;
      if (!tenant) throw badRequest(LOGIN_MESSAGES.unknownTenant);
      if (tenant.status !== '0') throw badRequest(LOGIN_MESSAGES.tenantDisabled);
      return ok({ tenantCode: tenant.code, tenantName: tenant.name });
    },
  );
};
