/** Response shapes the client reads (CONTRACT.md §2–§3, spec 02 §3). */
export type { DataResponse, PageResponse } from '../../shared/envelope';

import type { GetInfoResponse, SessionUser as SharedSessionUser } from '../../shared/auth';

/** The signed-in user as `GET /api/getInfo` gives it (`needPerfect`: the password must be changed). */
export type SessionUser = SharedSessionUser & { needPerfect?: boolean };

/** `GET /api/getInfo`. */
export type InfoResponse = GetInfoResponse;

/** A menu entry of `GET /api/getRouters` (spec 02 §3). */
export interface MenuEntry {
  menuId?: number;
  showMenuId?: number;
  name?: string;
  path: string;
  hidden?: boolean;
  redirect?: string;
  component?: string;
  isFrame?: boolean | string | number;
  target?: string;
  query?: string;
  alwaysShow?: boolean;
  meta?: { title: string; icon?: string; noCache?: boolean; link?: string | null; menuId?: number };
  children?: MenuEntry[];
}

/** A tenant of `GET /api/system/tenant/all`. */
export type { Tenant } from '../../shared/contract/session';
