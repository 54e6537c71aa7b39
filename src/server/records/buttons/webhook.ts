/**
 * A custom button's webhook call (docs/forms.md "Custom buttons"): POST JSON from the server,
 * with a time limit, signed with a tenant secret, and refused toward loopback, private,
 * link-local and other internal addresses unless the configuration allows them (SSRF: a form
 * designer must not reach the database port or a cloud metadata service through the server).
 * The address is checked after DNS resolution, on the very address connected to.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Text every failure of a button run carries (spec 01 §8: shown as a notice). */
export const BUTTON_FAILURE = '当前按钮脚本执行异常';

const blocked = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(net, bits, 'ipv6');

/** Whether an address is internal (loopback, private, link-local, multicast, unspecified …). */
export function internalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface WebhookCall {
  url: string;
  body: unknown;
  timeoutMs: number;
  /** The secret's value; the body is signed when present. */
  secret?: string;
  allowInternal: boolean;
}

const fail = (why: string) => new Error(`${BUTTON_FAILURE}：${why}`);

/**
 * Sends the call and resolves with the answer's status when it is 2xx; rejects with a message
 * containing 当前按钮脚本执行异常 otherwise (refused address, timeout, network error, non-2xx).
 */
export function callWebhook(call: WebhookCall): Promise<number> {
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    return Promise.reject(fail('Webhook 地址无效'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(fail('Webhook 地址须为 http(s)'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!call.allowInternal && isIP(host) && internalAddress(host)) return Promise.reject(fail('Webhook 地址指向内部网络，已拒绝'));
  const payload = JSON.stringify(call.body);
  const timestamp = String(Date.now());
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(payload)), 'x-formwork-timestamp': timestamp };
  if (call.secret) headers['x-formwork-signature'] = `sha256=${createHmac('sha256', call.secret).update(`${timestamp}.${payload}`).digest('hex')}`;
  // Every resolved address is checked, so a name that resolves to an internal address is refused too.
  const lookup = (hostname: string, options: object, cb: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, '');
      const list = addresses as LookupAddress[];
      if (!call.allowInternal && list.some((a) => internalAddress(a.address))) return cb(fail('Webhook 地址指向内部网络，已拒绝'), '');
      if ((options as { all?: boolean }).all) return cb(null, list);
      return cb(null, list[0].address, list[0].family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolveCall, rejectCall) => {
    // The whole exchange, not only an idle socket, is bounded.
    const timer = setTimeout(() => req.destroy(fail(`Webhook 在 ${call.timeoutMs} 毫秒内没有应答`)), call.timeoutMs);
    const resolve = (status: number) => { clearTimeout(timer); resolveCall(status); };
    const reject = (err: Error) => { clearTimeout(timer); rejectCall(err); };
    const req = client.request(url, { method: 'POST', headers, lookup: lookup as never }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > 65_536) res.destroy();
      });
      res.on('close', () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve(status);
        else reject(fail(`Webhook 返回 HTTP ${status}`));
      });
    });
    req.on('error', (err) => reject(err.message.includes(BUTTON_FAILURE) ? err : fail(`Webhook 无法连接（${err.message}）`)));
    req.end(payload);
  });
}
