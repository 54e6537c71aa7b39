/**
 * The outbound wrapper and its redaction: secrets, phones and codes masked, bodies capped, URL
 * credentials dropped; a call is logged under its scope's tenant, and a log write that fails
 * leaves the provider's answer as it was.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundFetch, runWithOutboundScope, withOutboundTenant, type OutboundEntry } from './outboundFetch.js';
import { BODY_CAP, redactBody, redactUrl } from './redact.js';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.url === '/down' ? 503 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 200, data: { mobile: '13712345678', password: 'p@ss', ok: true } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('redaction', () => {
  it('masks secret fields, phones and codes in JSON and text, and caps bodies', () => {
    const body = redactBody(JSON.stringify({ appSecret: 's3', token: 't', nested: { phone: '13812345678', note: '请拨打13900001111' }, text: '您的验证码为123456' }));
    expect(JSON.parse(body)).toEqual({ appSecret: '***', token: '***', nested: { phone: '138****5678', note: '请拨打139****1111' }, text: '您的验证码为***' });
    expect(redactBody('password=abc&user=x')).toBe('password=***&user=x');
    const long = redactBody('x'.repeat(BODY_CAP + 10));
    expect(long.startsWith('x'.repeat(BODY_CAP))).toBe(true);
    expect(long).toContain('已截断');
  });

  it('drops URL credentials and masks secret or phone parameters', () => {
    expect(redactUrl('http://u:pw@h.example/a?apiKey=1&mobile=13812345678&q=x')).toBe('http://h.example/a?apiKey=***&mobile=138****5678&q=x');
  });
});

describe('outboundFetch', () => {
  it('logs a call under the scope tenant with redacted bodies, and not outside a scope', async () => {
    const entries: OutboundEntry[] = [];
    let done!: () => void;
    const written = new Promise<void>((r) => (done = r));
    const sink = async (e: OutboundEntry) => { entries.push(e); done(); };
    const res = await runWithOutboundScope({ sink, tenantId: () => 1 }, () =>
      withOutboundTenant(7, () => outboundFetch('sms', `${base}/send`, { method: 'POST', body: JSON.stringify({ phone: '13800000000', token: 'abc' }) })));
    expect((await res.json()).data.ok).toBe(true);
    await written;
    expect(entries[0]).toMatchObject({ tenantId: 7, provider: 'sms', method: 'POST', status: 200, outcome: 'ok' });
    expect(entries[0].requestBody).toBe('{"phone":"138****0000","token":"***"}');
    expect(entries[0].responseBody).toContain('137****5678');
    expect(entries[0].responseBody).not.toContain('p@ss');
    await outboundFetch('sms', `${base}/send`);
    expect(entries).toHaveLength(1);
  });

  it('answers as fetch does when the log write fails, and reports the failure aside', async () => {
    const errors: unknown[] = [];
    let done!: () => void;
    const reported = new Promise<void>((r) => (done = r));
    const scope = { sink: () => Promise.reject(new Error('log down')), tenantId: () => 1, onSinkError: (err: unknown) => { errors.push(err); done(); } };
    const res = await runWithOutboundScope(scope, () => outboundFetch('tax', `${base}/down`, { method: 'POST', body: '{}' }));
    expect(res.status).toBe(503);
    await reported;
    expect(String(errors[0])).toContain('log down');
    await expect(runWithOutboundScope(scope, () => outboundFetch('tax', 'http://127.0.0.1:1/none'))).rejects.toThrow();
  });
});
