/**
 * Issue 32 item 2: how a verification code reaches a phone. The product ships one implementation,
 * an HTTP gateway (SMS_HTTP_URL): it receives `{ phone, text }` as JSON, with `Authorization:
 * Bearer SMS_HTTP_TOKEN` when set, and answers 2xx once it has accepted the message. A vendor's own
 * API sits behind such a gateway; tests run a loopback one (tests/api/support/smsFake.ts).
 */
import type { AppConfig } from '../config.js';
import { outboundFetch } from '../providers/outboundFetch.js';

export interface SmsProvider {
  /** Sends one text message; rejects when the gateway did not accept it. */
  send(phone: string, text: string): Promise<void>;
}

/** Ten seconds: a gateway slower than that is down, and the caller must not hang on it. */
const SEND_TIMEOUT_MS = 10_000;

/** The HTTP gateway of the configuration, or null when SMS is not configured. */
export function smsProviderFor(config: Pick<AppConfig, 'smsHttpUrl' | 'smsHttpToken'>): SmsProvider | null {
  const url = config.smsHttpUrl;
  if (!url) return null;
  return {
    async send(phone, text) {
      const res = await outboundFetch('sms', url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(config.smsHttpToken ? { authorization: `Bearer ${config.smsHttpToken}` } : {}) },
        body: JSON.stringify({ phone, text }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
