/** Sign-in and session (CONTRACT.md §3, spec 02 §3): login, logout, unbind, captcha, getInfo, getRouters, the public tenant list. */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, DoneEnvelope, Nullable, OptStr, Str } from './common.js';

/** `POST /api/login`. */
export const LoginRequest = Closed({
  username: Str({ min: 1, max: 64 }),
  password: Str({ min: 1, max: 128 }),
  code: Type.Optional(OptStr(16)),
  uuid: Type.Optional(OptStr(64)),
  tenantCode: Type.Optional(OptStr(64)),
  rememberMe: Type.Optional(Nullable('boolean')),
  /** `supplier` from /supplier/login (spec 02 §2.4): only supplier users sign in there, and only there. */
  loginType: Type.Optional(OptStr(16, { pattern: '^supplier$' })),
});

/** `POST /api/login` answer: the bearer token; `needPerfect` when the password must be changed first. */
export const LoginAnswer = Type.Object({ code: Type.Literal(200), msg: Type.String(), token: Type.String(), needPerfect: Type.Boolean() });

/** `GET /api/captchaImage?tenantCode=`. */
export const CaptchaQuery = Type.Object({ tenantCode: Type.Optional(Str({ max: 64 })) });
/** `GET /api/captchaImage` answer: `uuid` and `img` (a data: URL of an SVG) only when captcha is on. */
export const CaptchaAnswer = Type.Object({
  code: Type.Literal(200),
  msg: Type.String(),
  captchaEnabled: Type.Boolean(),
  uuid: Type.Optional(Type.String()),
  img: Type.Optional(Type.String()),
});

/** `GET /api/getInfo` → `user`. */
export const SessionUserSchema = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  deptId: Nullable('integer'),
  deptName: Nullable('string'),
  phonenumber: Type.String(),
  email: Type.String(),
  sex: Type.String(),
  avatar: Type.String(),
  /** Whether the account is bound to WeChat (the openId itself never leaves the server). */
  hasOpenId: Type.Boolean(),
  status: Type.String(),
  tenantId: Type.Integer(),
  tenantCode: Type.String(),
  tenantName: Type.String(),
  roleNames: Type.Array(Type.String()),
  roles: Type.Array(Type.Object({ roleId: Type.Integer(), roleKey: Type.String(), roleName: Type.String() })),
  /** The previous sign-in (before the one that made this session), null on a first sign-in. */
  loginDate: Nullable('string', { format: 'date-time' }),
  /** The previous sign-in's address, null on a first sign-in. */
  loginIp: Nullable('string'),
});

/** `GET /api/getInfo` answer. */
export const GetInfoAnswer = Type.Object({
  code: Type.Literal(200),
  msg: Type.String(),
  user: SessionUserSchema,
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
});

/** One entry of `GET /api/getRouters` (a tree; `children` are entries of this shape). */
export const RouterEntrySchema = Type.Object({
  menuId: Type.Integer(),
  showMenuId: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  hidden: Type.Boolean(),
  component: Type.String(),
  isFrame: Type.String(),
  target: Type.String(),
  query: Type.Optional(Type.String()),
  formName: Type.Optional(Type.String()),
  alwaysShow: Type.Optional(Type.Boolean()),
  redirect: Type.Optional(Type.String()),
  meta: Type.Object({ title: Type.String(), icon: Type.String(), noCache: Type.Boolean(), link: Nullable('string'), menuId: Type.Integer() }),
  // Recursive schemas need $ref/$id in the serialiser; the sub-tree is passed through whole.
  children: Type.Optional(Type.Array(Type.Unknown(), { description: 'entries of this shape' })),
});
export const RoutersAnswer = DataEnvelope(Type.Array(RouterEntrySchema));

/**
 * `GET /api/getRouters/access?path=`: whether an address the user's route table lacks is a menu
 * page of the tenant they may not open (`forbidden`: the shell shows 无权限) or none (`missing`: 404).
 */
export const PageAccessQuery = Type.Object({ path: Str({ max: 500 }) });
export const PageAccessAnswer = DataEnvelope(Type.Object({ access: Type.Union([Type.Literal('allowed'), Type.Literal('forbidden'), Type.Literal('missing')]) }));

/** `GET /api/system/tenant/all` (public). */
export const TenantSchema = Type.Object({ tenantId: Type.Integer(), tenantCode: Type.String(), tenantName: Type.String() });
export type Tenant = Static<typeof TenantSchema>;
export const TenantsAnswer = DataEnvelope(Type.Array(TenantSchema));

export { DoneEnvelope };
