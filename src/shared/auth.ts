/** Sign-in and session payloads (CONTRACT.md §3, spec 02 §3), shared by client and server. */

/** `POST /api/login` body. */
export interface LoginBody {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
  /** Defaults to DEFAULT. */
  tenantCode?: string;
}

/** `GET /api/getInfo` → `user`. */
export interface SessionUser {
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string | null;
  phonenumber: string;
  email: string;
  sex: string;
  avatar: string;
  /** Whether the account is bound to WeChat (the openId itself never leaves the server). */
  hasOpenId: boolean;
  status: string;
  tenantId: number;
  tenantCode: string;
  tenantName: string;
  roleNames: string[];
  roles: { roleId: number; roleKey: string; roleName: string }[];
  /** The previous sign-in (before the one that made this session): time, null on a first sign-in. */
  loginDate: string | null;
  /** The previous sign-in's address, null on a first sign-in. */
  loginIp: string | null;
}

/** `GET /api/getInfo` answer. */
export interface GetInfoResponse {
  code: 200;
  msg: string;
  user: SessionUser;
  roles: string[];
  permissions: string[];
}

/** One entry of `GET /api/getRouters` `data` (a tree). */
export interface RouterEntry {
  menuId: number;
  showMenuId: number;
  /** Route name; form lists are named `Auto…` (component `Auto`), e.g. AutoContractLedger. */
  name: string;
  /** Absolute path, e.g. /system/user or /auto/contract_ledger; an http(s) URL for links. */
  path: string;
  hidden: boolean;
  /** 'Layout' for directories, 'Auto' for generated form lists, else a view path like system/user/index. */
  component: string;
  isFrame: string;
  target: string;
  query?: string;
  /** The form's enName for `Auto` entries. */
  formName?: string;
  alwaysShow?: boolean;
  redirect?: string;
  meta: { title: string; icon: string; noCache: boolean; link: string | null; menuId: number };
  children?: RouterEntry[];
}

/** `GET /api/captchaImage` answer. */
export interface CaptchaResponse {
  code: 200;
  msg: string;
  captchaEnabled: boolean;
  uuid?: string;
  /** A data: URL of an SVG image. */
  img?: string;
}
