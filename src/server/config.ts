/** Configuration from the environment (CONTRACT.md §1). */
import { resolve } from 'node:path';
import { bcryptCost } from './auth/bcryptCost.js';
import { readOfficeConfig, type OfficeConfig } from './office/officeConfig.js';

export interface AppConfig {
  port: number;
  host: string;
  /** A PostgreSQL server instead of the embedded PGlite when set. */
  databaseUrl: string | null;
  /** A read replica for list and total queries (only with databaseUrl); null → the primary. */
  databaseReadUrl: string | null;
  /** Where PGlite keeps its files (ignored with databaseUrl). */
  dataDir: string;
  /** The demo admins' password on first seed. */
  adminPassword: string;
  logLevel: string;
  /** The built client served with SPA fallback; absent → API only. */
  clientDir: string;
  /** Lifetime of a sign-in token, in hours. */
  tokenTtlHours: number;
  /** Planner cost above which a `$sql` condition is refused before it runs (EXPLAIN, no ANALYZE); 0: the database kind's default (sqlSandbox.ts). */
  sqlConditionMaxCost: number;
  /** Milliseconds a `$sql` condition may run (PostgreSQL's statement_timeout; PGlite has no timer). */
  sqlConditionTimeoutMs: number;
  /** Custom-button webhooks may call loopback and private addresses (WEBHOOK_ALLOW_PRIVATE=true; off by default against SSRF). */
  webhookAllowPrivate: boolean;
  /**
   * Whether `GET /api/system/tenant/all` lists the tenants to signed-out visitors (TENANT_LIST_PUBLIC,
   * default true). False: it answers an empty list, and the sign-in and register pages ask for the
   * tenant code instead, checked by `POST /system/user/tenant/verification` (issue 32 item 2).
   */
  tenantListPublic: boolean;
  /** The SMS gateway verification codes are posted to (SMS_HTTP_URL); null: SMS is not enabled. */
  smsHttpUrl: string | null;
  /** Bearer token sent to the SMS gateway (SMS_HTTP_TOKEN), if it asks for one. */
  smsHttpToken: string | null;
  /** Messaging-app sign-in (spec 02 §2.2, ADR 1048); null: not enabled. Secrets never reach the client. */
  wxApp: WxAppConfig | null;
  /** LibreOffice conversion and the ONLYOFFICE Document Server (office/officeConfig.ts, docs/office.md). */
  office: OfficeConfig;
}

/**
 * The messaging-app sign-in's provider: WeChat Work (`work`: WXAPP_APP_ID is the corpid, WXAPP_AGENT_ID
 * the agent) or a WeChat official account (`mp`: WXAPP_APP_ID is the appid).
 */
export interface WxAppConfig {
  kind: 'work' | 'mp';
  appId: string;
  secret: string;
  agentId: string | null;
  /** Where the server calls the provider's API (WXAPP_API_BASE_URL; default the provider's public host). */
  apiBaseUrl: string;
  /** The page the browser is sent to for consent (WXAPP_AUTHORIZE_URL; default open.weixin.qq.com's). */
  authorizeUrl: string;
  /** The callback page given to the provider (WXAPP_REDIRECT_URL); null: this request's origin + /auth-redirect. */
  redirectUrl: string | null;
}

const WX_API_BASE = { work: 'https://qyapi.weixin.qq.com', mp: 'https://api.weixin.qq.com' } as const;

/** The messaging-app configuration of the environment, or null when WXAPP_PROVIDER, WXAPP_APP_ID or WXAPP_SECRET is missing. */
export function wxAppConfigOf(env: NodeJS.ProcessEnv): WxAppConfig | null {
  const kind = env.WXAPP_PROVIDER;
  if (!kind) return null;
  if (kind !== 'work' && kind !== 'mp') throw new Error(`WXAPP_PROVIDER must be "work" or "mp", got "${kind}"`);
  if (!env.WXAPP_APP_ID || !env.WXAPP_SECRET) return null;
  return {
    kind,
    appId: env.WXAPP_APP_ID,
    secret: env.WXAPP_SECRET,
    agentId: env.WXAPP_AGENT_ID || null,
    apiBaseUrl: (env.WXAPP_API_BASE_URL || WX_API_BASE[kind]).replace(/\/+$/, ''),
    authorizeUrl: env.WXAPP_AUTHORIZE_URL || 'https://open.weixin.qq.com/connect/oauth2/authorize',
    redirectUrl: env.WXAPP_REDIRECT_URL || null,
  };
}

function intOr(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/**
 * Reads PORT, HOST, DATABASE_URL, DATABASE_READ_URL, DATA_DIR, ADMIN_PASSWORD, LOG_LEVEL, CLIENT_DIR,
 * TOKEN_TTL_HOURS, SQL_CONDITION_MAX_COST, SQL_CONDITION_TIMEOUT_MS, WEBHOOK_ALLOW_PRIVATE,
 * SMS_HTTP_URL, SMS_HTTP_TOKEN, BCRYPT_COST (checked only), the WXAPP_* keys of `wxAppConfigOf`, and the office keys of office/officeConfig.ts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Read again at each hash (auth/bcryptCost.ts); checked here so a bad value stops the start, not a sign-in.
  bcryptCost(env);
  return {
    port: intOr(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    databaseReadUrl: env.DATABASE_READ_URL || null,
    dataDir: resolve(env.DATA_DIR || './data'),
    adminPassword: env.ADMIN_PASSWORD || 'admin123',
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: resolve(env.CLIENT_DIR || './dist/client'),
    tokenTtlHours: intOr(env.TOKEN_TTL_HOURS, 24, 'TOKEN_TTL_HOURS') || 24,
    sqlConditionMaxCost: intOr(env.SQL_CONDITION_MAX_COST, 0, 'SQL_CONDITION_MAX_COST'),
    sqlConditionTimeoutMs: intOr(env.SQL_CONDITION_TIMEOUT_MS, 2000, 'SQL_CONDITION_TIMEOUT_MS') || 2000,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    tenantListPublic: env.TENANT_LIST_PUBLIC !== 'false',
    smsHttpUrl: env.SMS_HTTP_URL || null,
    smsHttpToken: env.SMS_HTTP_TOKEN || null,
    wxApp: wxAppConfigOf(env),
    office: readOfficeConfig(env),
  };
}
