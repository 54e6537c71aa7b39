/** Sign-in and session payloads (CONTRACT.md §3, spec 02 §3), shared by client and server. */
import type { Static } from 'typebox';
import type { CaptchaAnswer, GetInfoAnswer, SessionUserSchema } from './contract/session.js';

/** `POST /api/login` body. */
export interface LoginBody {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
  /** Defaults to DEFAULT. */
  tenantCode?: string;
}

/** `GET /api/getInfo` → `user` (the contract's, src/shared/contract/session.ts). */
export type SessionUser = Static<typeof SessionUserSchema>;

/** `GET /api/getInfo` answer. */
export type GetInfoResponse = Static<typeof GetInfoAnswer>;

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
export type CaptchaResponse = Static<typeof CaptchaAnswer>;
