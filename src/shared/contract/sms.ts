/** SMS verification codes and password reset by code (issue 32 item 2, spec 02 §7); all without a token. */
import { Type } from 'typebox';
import { Closed, DataEnvelope, OptStr, Str } from './common.js';

/** `POST /api/common/sms/send` and `…/send/withCheck`: a code to the number, in the tenant (default DEFAULT). */
export const SmsSendRequest = Closed({
  phonenumber: Str({ min: 1, max: 20 }),
  tenantCode: Type.Optional(OptStr(64)),
});

/** `POST /api/system/user/verifyCode/check`: whether the code is right, without spending it. */
export const VerifyCodeCheckRequest = Closed({
  phonenumber: Str({ min: 1, max: 20 }),
  code: Str({ min: 1, max: 16 }),
  tenantCode: Type.Optional(OptStr(64)),
});

/** `POST /api/system/user/password/resetWithVerifyCode`: a new password for the account of the number. */
export const ResetWithVerifyCodeRequest = Closed({
  phonenumber: Str({ min: 1, max: 20 }),
  code: Str({ min: 1, max: 16 }),
  password: Str({ min: 1, max: 128 }),
  tenantCode: Type.Optional(OptStr(64)),
});

/** `GET /api/register/settings?tenantCode=` (default DEFAULT). */
export const RegisterOptionsQuery = Type.Object({ tenantCode: Type.Optional(Str({ max: 64 })) });
/** `GET /api/register/settings?tenantCode=`: whether the tenant takes registrations and sends SMS codes. */
export const RegisterSettingsAnswer = Type.Object({
  code: Type.Literal(200),
  msg: Type.String(),
  data: Type.Object({
    enabled: Type.Boolean(),
    smsEnabled: Type.Boolean(),
    approval: Type.Boolean(),
    /** The tenant turned SMS off (sys.sms.enabled false): registration asks for a captcha instead, without a number. */
    captcha: Type.Boolean(),
  }),
});

/**
 * `POST /api/register`: a new account of the tenant, proven by an SMS code to the number; or, where
 * the tenant turned SMS off, by a captcha (`code` is its answer, `uuid` names it; no number taken).
 */
export const RegisterRequest = Closed({
  tenantCode: Type.Optional(OptStr(64)),
  username: Str({ min: 2, max: 30, pattern: '^[A-Za-z0-9_.@-]{2,30}$' }),
  nickName: Type.Optional(OptStr(30)),
  password: Str({ min: 1, max: 128 }),
  phonenumber: Type.Optional(OptStr(20)),
  code: Str({ min: 1, max: 16 }),
  uuid: Type.Optional(OptStr(64)),
  roleId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  deptId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
});
/** `GET /api/register/captcha?tenantCode=`: a captcha for registration without SMS (one use, 2 minutes). */
export const RegisterCaptchaAnswer = DataEnvelope(Type.Object({ uuid: Type.String(), img: Type.String() }));
/** `POST /api/register` answer: `msg` is the tenant's register success tip; `pending` when it waits for approval. */
export const RegisterAnswer = Type.Object({ code: Type.Literal(200), msg: Type.String(), pending: Type.Boolean() });

/** `POST /api/system/user/tenant/verification`: whether a tenant code names an active tenant. */
export const TenantVerificationRequest = Closed({ tenantCode: Str({ min: 1, max: 64 }) });
/** Its answer: the tenant's code and name only (what the public tenant list shows of it). */
export const TenantVerificationAnswer = DataEnvelope(Type.Object({ tenantCode: Type.String(), tenantName: Type.String() }));
