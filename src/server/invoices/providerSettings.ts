/**
 * Per-tenant configuration of the invoice providers (issue 31 item 4): the tax platform, the
 * verification service and the OCR service. A tenant sets them as system parameters (`configs`,
 * screen 参数设置) under the `sys.invoice.*` keys below; the server environment is the default for
 * tenants without their own. Resolution is per provider, never per key: once a tenant sets any key
 * of a provider, all of that provider's keys come from the tenant — otherwise a tenant could point
 * the installation's secret at a URL of its own choosing. Secrets are write-only (see
 * `maskSecretValue`, used by routes/config).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { getConfigValues } from '../repositories/configRepository.js';

export type ProviderName = 'taxPlatform' | 'verify' | 'ocr';

/** One setting: its system-parameter key, its environment default, its Chinese name. */
export interface ProviderSetting {
  provider: ProviderName;
  key: string;
  env: string;
  name: string;
  /** Required for the provider to be usable. */
  required: boolean;
  /** Write-only: never answered, shown as 已设置. */
  secret: boolean;
}

export const PROVIDER_SETTINGS: readonly ProviderSetting[] = [
  { provider: 'taxPlatform', key: 'sys.invoice.taxPlatform.url', env: 'TAX_PLATFORM_URL', name: '税务平台地址', required: true, secret: false },
  { provider: 'taxPlatform', key: 'sys.invoice.taxPlatform.appKey', env: 'TAX_PLATFORM_APP_KEY', name: '税务平台应用标识', required: true, secret: false },
  { provider: 'taxPlatform', key: 'sys.invoice.taxPlatform.appSecret', env: 'TAX_PLATFORM_APP_SECRET', name: '税务平台应用密钥', required: true, secret: true },
  { provider: 'verify', key: 'sys.invoice.verify.url', env: 'INVOICE_VERIFY_URL', name: '发票查验服务地址', required: true, secret: false },
  { provider: 'ocr', key: 'sys.invoice.ocr.url', env: 'OCR_SERVICE_URL', name: 'OCR 识别服务地址', required: true, secret: false },
  { provider: 'ocr', key: 'sys.invoice.ocr.key', env: 'OCR_SERVICE_KEY', name: 'OCR 识别服务密钥', required: false, secret: true },
];

/** Every provider key (private: only configuration administrators read them, routes/config). */
export const PROVIDER_SETTING_KEYS: ReadonlySet<string> = new Set(PROVIDER_SETTINGS.map((s) => s.key));
/** The write-only keys. */
export const SECRET_SETTING_KEYS: ReadonlySet<string> = new Set(PROVIDER_SETTINGS.filter((s) => s.secret).map((s) => s.key));
/** What a secret's value reads as once set. */
export const SECRET_SET = '已设置';

/** A stored value as answered: a set secret reads 已设置, an empty one stays empty; others unchanged. */
export function maskSecretValue(key: string, value: string): string {
  return SECRET_SETTING_KEYS.has(key) && value !== '' ? SECRET_SET : value;
}

/** Provider settings as environment-named values (TAX_PLATFORM_URL, …), the shape the providers read. */
export type ProviderEnv = Record<string, string | undefined>;

/** The tenant's effective settings: per provider, the tenant's own when it set any, else the environment's. */
export async function tenantProviderEnv(db: Kysely<Database>, tenantId: number, env: NodeJS.ProcessEnv = process.env): Promise<ProviderEnv> {
  const own = await getConfigValues(db, tenantId, [...PROVIDER_SETTING_KEYS]);
  // Timeouts and other tuning stay installation-wide.
  const out: ProviderEnv = { ...env };
  for (const provider of ['taxPlatform', 'verify', 'ocr'] as const) {
    const settings = PROVIDER_SETTINGS.filter((s) => s.provider === provider);
    const tenantHasOwn = settings.some((s) => (own[s.key] ?? '').trim() !== '');
    for (const s of settings) out[s.env] = tenantHasOwn ? (own[s.key] ?? '').trim() || undefined : env[s.env]?.trim() || undefined;
  }
  return out;
}

/** The Chinese message naming a missing setting of `provider`'s service. */
export function missingSettingMessage(setting: ProviderSetting): string {
  const service = { taxPlatform: '税务平台服务', verify: '发票查验服务', ocr: 'OCR 识别服务' }[setting.provider];
  return `未配置${service}：缺少“${setting.name}”（系统参数 ${setting.key}），请联系管理员在“参数设置”中填写后再试`;
}

/** The setting read from the environment variable `envName`. */
export function settingOfEnv(envName: string): ProviderSetting | undefined {
  return PROVIDER_SETTINGS.find((s) => s.env === envName);
}

/** The first missing required setting of `provider` in `env`, as its message; null when usable. */
export function missingSetting(provider: ProviderName, env: ProviderEnv): string | null {
  const missing = PROVIDER_SETTINGS.find((s) => s.provider === provider && s.required && !env[s.env]?.trim());
  return missing ? missingSettingMessage(missing) : null;
}

/** For each provider, null when usable, else the message naming the missing setting. */
export function providerStatus(env: ProviderEnv): Record<ProviderName, string | null> {
  return { taxPlatform: missingSetting('taxPlatform', env), verify: missingSetting('verify', env), ocr: missingSetting('ocr', env) };
}
