/**
 * Before a tax-platform button acts (issue 31 item 4): asks the server whether the tenant's tax
 * platform is configured and, when a setting is missing, says which (in Chinese) instead of acting.
 */
import { providerStatus } from '../../api/taxPlatform';

/** Runs `act` when the tax platform is usable; else shows the server's message naming the missing setting. */
export async function whenPlatformConfigured(warn: (text: string) => unknown, act: () => unknown): Promise<void> {
  let missing: string | null;
  try {
    missing = (await providerStatus()).taxPlatform;
  } catch {
    // Shown by the HTTP client.
    return;
  }
  if (missing) void warn(missing);
  else await act();
}
