/** Response shapes the client reads (CONTRACT.md §2–§3, spec 02 §3). */
export type { DataResponse, PageResponse } from '../../shared/envelope';

import type { Static } from 'typebox';
import type { RouterEntrySchema } from '../../shared/contract/session';
import type { GetInfoResponse, SessionUser as SharedSessionUser } from '../../shared/auth';

/** The signed-in user as `GET /api/getInfo` gives it (`needPerfect`: the password must be changed). */
export type SessionUser = SharedSessionUser & { needPerfect?: boolean };

/** `GET /api/getInfo`. */
export type InfoResponse = GetInfoResponse;

type RouterEntry = Static<typeof RouterEntrySchema>;

/**
 * A menu entry of `GET /api/getRouters` (spec 02 §3), from the contract's `RouterEntrySchema`
 * with everything but `path` and the title optional: the routing rules take partial entries
 * (hand-built menus in tests, older stored menus) and the sub-tree is typed here, where the
 * contract passes it through whole.
 */
export type MenuEntry = Partial<Omit<RouterEntry, 'path' | 'meta' | 'children'>> & {
  path: string;
  meta?: Partial<RouterEntry['meta']> & { title: string };
  children?: MenuEntry[];
};

/** A tenant of `GET /api/system/tenant/all`. */
export type { Tenant } from '../../shared/contract/session';
