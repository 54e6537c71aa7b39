/**
 * Office documents configuration (docs/office.md): the LibreOffice converter and the ONLYOFFICE
 * Document Server. Both are optional; without them previews stay in the browser and editing is hidden.
 */

export interface OfficeConfig {
  /** SOFFICE_PATH: the soffice binary; null → looked up once on PATH (`soffice`, then `libreoffice`). */
  sofficePath: string | null;
  /** OFFICE_CONVERT_TIMEOUT_MS: one conversion is killed after this (default 60000). */
  convertTimeoutMs: number;
  /** OFFICE_CONVERT_MAX_MB: larger office files are not converted (default 50). */
  convertMaxMb: number;
  /** OFFICE_CONVERT_CONCURRENCY: conversions at once, 1–2 (default 1; each soffice takes ~200 MB). */
  convertConcurrency: number;
  /** ONLYOFFICE_URL: the Document Server's base URL (http(s)); null → online editing is off. */
  onlyofficeUrl: string | null;
  /** ONLYOFFICE_JWT_SECRET: the Document Server's JWT secret (HS256); required with ONLYOFFICE_URL. */
  onlyofficeJwtSecret: string | null;
  /**
   * ONLYOFFICE_CALLBACK_BASE: this server's base URL as the Document Server reaches it (document
   * download and save callback); null → the request's own origin.
   */
  onlyofficeCallbackBase: string | null;
}

function intIn(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

function httpUrl(value: string | undefined, name: string): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return url.href.replace(/\/+$/, '');
}

/** Reads SOFFICE_PATH, OFFICE_CONVERT_*, ONLYOFFICE_URL, ONLYOFFICE_JWT_SECRET, ONLYOFFICE_CALLBACK_BASE; a half-configured ONLYOFFICE stops the start. */
export function readOfficeConfig(env: NodeJS.ProcessEnv): OfficeConfig {
  const onlyofficeUrl = httpUrl(env.ONLYOFFICE_URL, 'ONLYOFFICE_URL');
  const onlyofficeJwtSecret = env.ONLYOFFICE_JWT_SECRET || null;
  // Unsigned editing would let anyone who can reach the callback write files: refuse to start.
  if (onlyofficeUrl && !onlyofficeJwtSecret) throw new Error('ONLYOFFICE_URL needs ONLYOFFICE_JWT_SECRET (the Document Server must sign its requests)');
  return {
    sofficePath: env.SOFFICE_PATH || null,
    convertTimeoutMs: intIn(env.OFFICE_CONVERT_TIMEOUT_MS, 60_000, 1000, 600_000, 'OFFICE_CONVERT_TIMEOUT_MS'),
    convertMaxMb: intIn(env.OFFICE_CONVERT_MAX_MB, 50, 1, 1024, 'OFFICE_CONVERT_MAX_MB'),
    convertConcurrency: intIn(env.OFFICE_CONVERT_CONCURRENCY, 1, 1, 2, 'OFFICE_CONVERT_CONCURRENCY'),
    onlyofficeUrl,
    onlyofficeJwtSecret: onlyofficeUrl ? onlyofficeJwtSecret : null,
    onlyofficeCallbackBase: httpUrl(env.ONLYOFFICE_CALLBACK_BASE, 'ONLYOFFICE_CALLBACK_BASE'),
  };
}
