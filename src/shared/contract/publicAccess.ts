/**
 * The public side's encrypted sign-in and anonymous forms (issue 32 items 3 and 5; spec 02 §2.2, §7;
 * docs/security.md "Public surface").
 */
import { Type } from 'typebox';
import { Closed, DataEnvelope, Nullable, OptStr, Str } from './common.js';

/** `GET /api/encrypt/publicKey` answer: the current RSA public key (SPKI PEM) and its id. */
export const LoginKeyAnswer = DataEnvelope(
  Type.Object({ keyId: Type.String(), publicKey: Type.String(), algorithm: Type.Literal('RSA-OAEP-256+A256GCM'), rotatesAt: Type.String() }),
);

/**
 * `POST /api/encrypt/login`: `key` is the AES-256 key wrapped with RSA-OAEP (SHA-256), `iv` the
 * 12-byte GCM iv, `data` the AES-GCM ciphertext of `{username, password, nonce, timestamp}` with
 * its 16-byte tag appended; all base64. The captcha and tenant travel as in `POST /api/login`.
 */
export const EncryptedLoginRequest = Closed({
  keyId: Str({ min: 1, max: 64 }),
  key: Str({ min: 1, max: 1024, pattern: '^[A-Za-z0-9+/=]+$' }),
  iv: Str({ min: 1, max: 64, pattern: '^[A-Za-z0-9+/=]+$' }),
  data: Str({ min: 1, max: 4096, pattern: '^[A-Za-z0-9+/=]+$' }),
  code: Type.Optional(OptStr(16)),
  uuid: Type.Optional(OptStr(64)),
  tenantCode: Type.Optional(OptStr(64)),
});

/** `?tenantCode=` of the anonymous form calls (default DEFAULT). */
export const AnonymousQuery = Type.Object({ tenantCode: Type.Optional(Str({ max: 64 })) }, { additionalProperties: false });

/** `{form}` of the anonymous form calls. */
export const AnonymousParams = Type.Object({ form: Str({ min: 1, max: 64 }) });

/** One field of an anonymous form: only what filling it needs. */
export const AnonymousField = Type.Object({
  enName: Type.String(),
  label: Type.String(),
  funcType: Type.String(),
  required: Type.Boolean(),
  maxLength: Type.Optional(Type.Integer()),
  fixLength: Type.Optional(Type.Integer()),
  fixLengthTips: Type.Optional(Type.String()),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  precision: Type.Optional(Type.Integer()),
  multiple: Type.Optional(Type.Boolean()),
  placeholder: Type.Optional(Type.String()),
  format: Type.Optional(Type.String()),
  options: Type.Optional(Type.Array(Type.Object({ label: Type.String(), value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }))),
});

/** `GET /api/auto/{form}/anonymous?tenantCode=` answer: the form's name and its fillable fields, nothing else. */
export const AnonymousFormAnswer = DataEnvelope(
  Type.Object({ enName: Type.String(), cnName: Type.String(), tenantName: Type.String(), fields: Type.Array(AnonymousField) }),
);

/** `GET /api/auto/{form}/anonymous/captcha` answer: a captcha for one submission. */
export const AnonymousCaptchaAnswer = DataEnvelope(Type.Object({ uuid: Type.String(), img: Type.String() }));

/** `POST /api/auto/{form}/anonymous?tenantCode=`: the values, and the captcha answer. */
export const AnonymousSubmitRequest = Closed({
  data: Type.Record(Type.String(), Type.Unknown()),
  code: Str({ max: 16 }),
  uuid: Str({ max: 64 }),
});

/** `GET /api/flowable/form/anonymous/{form}` answer and `POST` body: the administrator's setting. */
export const AnonymousSetting = Closed({
  enabled: Type.Boolean(),
  /** The status a submitted record gets: -1 草稿 (default) or 1 (a finished record; forms without a flow). */
  sysStatus: Type.Union([Type.Literal(-1), Type.Literal(1)]),
});

/** `GET /api/flowable/form/anonymous/{form}` answer: the setting, the fields served and those left out. */
export const AnonymousSettingAnswer = DataEnvelope(
  Type.Object({
    enabled: Type.Boolean(),
    sysStatus: Type.Integer(),
    publicFields: Type.Array(Type.String()),
    omittedFields: Type.Array(Type.String()),
    updateBy: Nullable('string'),
  }),
);
