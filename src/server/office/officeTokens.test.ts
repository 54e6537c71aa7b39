/** HS256 tokens and the office configuration: what the callback and the start-up rely on. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './hs256.js';
import { readOfficeConfig } from './officeConfig.js';
import { checkedDownloadUrl } from './onlyofficeCallback.js';

describe('HS256 tokens', () => {
  it('round-trips, refuses another secret, a changed payload, alg none and an expired token', () => {
    const token = signJwt({ a: 1 }, 's3cret', 60, 1_000_000);
    expect(verifyJwt(token, 's3cret', 1_000_000)).toEqual({ a: 1, iat: 1000, exp: 1060 });
    expect(verifyJwt(token, 'other', 1_000_000)).toBeNull();
    expect(verifyJwt(token, 's3cret', 1_061_000)).toBeNull();
    const [h, , s] = token.split('.');
    expect(verifyJwt(`${h}.${Buffer.from('{"a":2}').toString('base64url')}.${s}`, 's3cret')).toBeNull();
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"a":1}').toString('base64url')}.`;
    expect(verifyJwt(none, 's3cret')).toBeNull();
    // The same bytes a standard library produces: header.payload signed with HMAC-SHA256.
    const body = token.split('.').slice(0, 2).join('.');
    expect(s).toBe(createHmac('sha256', 's3cret').update(body).digest('base64url'));
    expect(verifyJwt('garbage', 's3cret')).toBeNull();
  });
});

describe('office configuration', () => {
  it('reads the keys, refuses ONLYOFFICE without a secret and bad limits', () => {
    expect(readOfficeConfig({})).toMatchObject({ sofficePath: null, convertTimeoutMs: 60000, convertMaxMb: 50, convertConcurrency: 1, onlyofficeUrl: null, onlyofficeJwtSecret: null });
    expect(readOfficeConfig({ SOFFICE_PATH: '/opt/lo/soffice', ONLYOFFICE_URL: 'https://office.example.com/', ONLYOFFICE_JWT_SECRET: 'x' })).toMatchObject({ sofficePath: '/opt/lo/soffice', onlyofficeUrl: 'https://office.example.com', onlyofficeJwtSecret: 'x' });
    expect(() => readOfficeConfig({ ONLYOFFICE_URL: 'https://office.example.com' })).toThrow(/ONLYOFFICE_JWT_SECRET/);
    expect(() => readOfficeConfig({ ONLYOFFICE_URL: 'ftp://x' })).toThrow(/http/);
    expect(() => readOfficeConfig({ OFFICE_CONVERT_CONCURRENCY: '3' })).toThrow(/1 to 2/);
  });

  it('takes a callback download url only from the Document Server origin', () => {
    const office = readOfficeConfig({ ONLYOFFICE_URL: 'http://office.intranet:8000', ONLYOFFICE_JWT_SECRET: 'x' });
    expect(checkedDownloadUrl(office, 'http://office.intranet:8000/cache/files/a/output.docx').href).toBe('http://office.intranet:8000/cache/files/a/output.docx');
    for (const bad of ['http://office.intranet:8001/x', 'https://office.intranet:8000/x', 'http://office.intranet.evil.com:8000/x', 'http://127.0.0.1/x', 'file:///etc/passwd', 'not a url', undefined]) {
      expect(() => checkedDownloadUrl(office, bad)).toThrow();
    }
  });
});
