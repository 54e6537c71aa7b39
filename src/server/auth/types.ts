/** The signed-in user every non-public route sees as `request.user`. */
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { AppDatabase } from '../db/openDatabase.js';
import type { Database } from '../db/types.js';

export interface AuthUser {
  userId: number;
  userName: string;
  nickName: string;
  tenantId: number;
  tenantCode: string;
  tenantName: string;
  deptId: number | null;
  roleKeys: string[];
  roleNames: string[];
  permissions: string[];
  /** The bearer token of this request (to revoke it on logout). */
  token: string;
  /** The token may only be used to change the password (and read what that page needs) until it is changed. */
  needPerfect?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** No token needed (login, captcha, tenant list, …). */
    public?: boolean;
  }
  interface FastifyInstance {
    db: Kysely<Database>;
    /** The read replica's pool for list and total queries (DATABASE_READ_URL), else `db`. */
    readDb: Kysely<Database>;
    database: AppDatabase;
    config: AppConfig;
    /** The clock time-limited rules read (SMS codes); tests inject a fake one. */
    now: () => Date;
  }
}
