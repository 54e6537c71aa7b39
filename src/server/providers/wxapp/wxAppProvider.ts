/**
 * The messaging-app sign-in's outside service (issue 32 item 4, ADR 1048): where the browser goes
 * for consent, and the openId behind the one-time code it comes back with. Two implementations:
 * WeChat Work (`wxWorkProvider.ts`) and a WeChat official account (`wxMpProvider.ts`); tests run a
 * loopback fake of both APIs (tests/api/support/wxAppFake.ts).
 */
import type { WxAppConfig } from '../../config.js';
import type { WxAppProvider } from './wxAppApi.js';
import { wxMpProvider } from './wxMpProvider.js';
import { wxWorkProvider } from './wxWorkProvider.js';

export { WxAppProviderError, WxAppUnavailableError, type WxAppProvider } from './wxAppApi.js';

/** The provider of the configuration, or null when the messaging-app sign-in is not configured. */
export function wxAppProviderFor(config: WxAppConfig | null): WxAppProvider | null {
  if (!config) return null;
  return config.kind === 'work' ? wxWorkProvider(config) : wxMpProvider(config);
}
