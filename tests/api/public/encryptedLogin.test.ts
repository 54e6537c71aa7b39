/**
 * Issue 32 item 3: the encrypted sign-in. The credentials are sealed with the client's own code
 * (`sealCredentials`, node-forge) against the server's published key; a fake clock drives the
 * time window and the daily key rotation. Replays, stale timestamps, retired keys and altered bytes
 * are refused with their Chinese messages; a good request signs in exactly like `POST /login`
 * (token usable, lockout and captcha shared).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { setTenantConfig } from '../support/tenantConfig.js';
import { sealCredentials } from '../../../src/client/api/encryptLogin.js';
import { ENCRYPTED_LOGIN_MESSAGES as M } from '../../../src/server/public/encryptedLogin.js';
import { ROTATE_MS, GRACE_MS } from '../../../src/server/public/loginKeys.js';

let t: TestApp;
let clock = new Date('2026-03-02T02:00:00Z');
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
const anon = () => as(t, null);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts on a later day: a fresh key, and no nonce of an earlier test inside its window.
beforeEach(() => {
  tick(3 * ROTATE_MS);
});

async function publicKey() {
  const res = await anon().get('/api/encrypt/publicKey');
  expect(res.status).toBe(200);
  return res.body.data as { keyId: string; publicKey: string; rotatesAt: string };
}

async function sealed(username = 'admin', password = TEST_PASSWORD, at = clock.getTime()) {
  const k = await publicKey();
  return sealCredentials(k.publicKey, k.keyId, { username, password }, at);
}

const signIn = (body: object, tenantCode = 'DEFAULT') => anon().post('/api/encrypt/login', { ...body, tenantCode });

describe('encrypted sign-in', () => {
  it('publishes an RSA public key with its id, never cached', async () => {
    const res = await t.request({ method: 'GET', url: '/api/encrypt/publicKey' });
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(data.algorithm).toBe('RSA-OAEP-256+A256GCM');
    expect(JSON.stringify(res.json())).not.toContain('PRIVATE');
  });

  it('signs in with sealed credentials and answers a token like POST /login', async () => {
    const res = await signIn(await sealed());
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    const info = await as(t, res.body.token).get('/api/getInfo');
    expect(info.body.user.userName).toBe('admin');
  });

  it('refuses the same request sent twice (replay)', async () => {
    const body = await sealed();
    expect((await signIn(body)).status).toBe(200);
    tick(60_000);
    expect((await signIn(body)).body).toEqual({ code: 400, msg: M.replay });
  });

  it('refuses a timestamp more than 5 minutes from the server clock, either way', async () => {
    const old = await sealed('admin', TEST_PASSWORD, clock.getTime() - 5 * 60_000 - 1000);
    expect((await signIn(old)).body).toEqual({ code: 400, msg: M.stale });
    const ahead = await sealed('admin', TEST_PASSWORD, clock.getTime() + 5 * 60_000 + 1000);
    expect((await signIn(ahead)).body).toEqual({ code: 400, msg: M.stale });
    // Just inside the window is fine.
    expect((await signIn(await sealed('admin', TEST_PASSWORD, clock.getTime() - 4 * 60_000))).status).toBe(200);
  });

  it('rotates the key daily and accepts the previous one only for the grace period', async () => {
    const day = Math.floor(clock.getTime() / ROTATE_MS) + 1;
    clock = new Date(day * ROTATE_MS - 10 * 60_000);
    const first = await publicKey();
    // After the rotation: a new key for everyone, the old one still accepted for the grace period.
    clock = new Date(day * ROTATE_MS + 30 * 60_000);
    const second = await publicKey();
    expect(second.keyId).not.toBe(first.keyId);
    expect(second.publicKey).not.toBe(first.publicKey);
    expect((await publicKey()).keyId).toBe(second.keyId);
    const withOld = sealCredentials(first.publicKey, first.keyId, { username: 'admin', password: TEST_PASSWORD }, clock.getTime());
    expect((await signIn(withOld)).status).toBe(200);

    clock = new Date(day * ROTATE_MS + GRACE_MS + 60_000);
    const tooLate = sealCredentials(first.publicKey, first.keyId, { username: 'admin', password: TEST_PASSWORD }, clock.getTime());
    expect((await signIn(tooLate)).body).toEqual({ code: 400, msg: M.keyExpired });
    expect((await signIn({ ...tooLate, keyId: 'no-such-key' })).body).toEqual({ code: 400, msg: M.keyExpired });
    const withNew = sealCredentials(second.publicKey, second.keyId, { username: 'admin', password: TEST_PASSWORD }, clock.getTime());
    expect((await signIn(withNew)).status).toBe(200);
  });

  it('refuses altered or foreign ciphertext with one message', async () => {
    const body = await sealed();
    const bytes = Buffer.from(body.data, 'base64');
    bytes[0] ^= 1;
    expect((await signIn({ ...body, data: bytes.toString('base64') })).body).toEqual({ code: 400, msg: M.undecryptable });
    expect((await signIn({ ...body, key: Buffer.from('x'.repeat(256)).toString('base64') })).body).toEqual({ code: 400, msg: M.undecryptable });
    // A key pair the server never made: the wrapping does not open.
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const foreign = sealCredentials(other.publicKey, body.keyId, { username: 'admin', password: TEST_PASSWORD }, clock.getTime());
    expect((await signIn(foreign)).body).toEqual({ code: 400, msg: M.undecryptable });
  });

  it('refuses malformed bodies with a 400, never a 500', async () => {
    const body = await sealed();
    expect((await signIn({ ...body, data: 'not base64!' })).status).toBe(400);
    expect((await signIn({ ...body, extra: 1 })).status).toBe(400);
    expect((await anon().post('/api/encrypt/login', {})).status).toBe(400);
  });

  it('follows the ordinary rules: wrong password, lockout after 5, captcha when the tenant asks', async () => {
    for (let i = 0; i < 4; i++) expect((await signIn(await sealed('enc_nobody', 'wrong'))).body).toEqual({ code: 400, msg: '用户不存在/密码错误' });
    expect((await signIn(await sealed('enc_nobody', 'wrong'))).status).toBe(429);
    expect((await signIn(await sealed('enc_nobody', 'wrong'))).body.msg).toBe('密码输入错误5次，帐户锁定10分钟，请稍后再试');

    await setTenantConfig(t, 'T2', 'sys.account.captchaEnabled', 'true');
    try {
      expect((await signIn(await sealed(), 'T2')).body).toEqual({ code: 400, msg: '验证码不能为空' });
      const captcha = await anon().get('/api/captchaImage?tenantCode=T2');
      const answer = await t.db.selectFrom('captchas').select('answer').where('uuid', '=', captcha.body.uuid).executeTakeFirstOrThrow();
      const ok = await signIn({ ...(await sealed()), code: answer.answer, uuid: captcha.body.uuid }, 'T2');
      expect(ok.status).toBe(200);
      expect((await as(t, ok.body.token).get('/api/getInfo')).body.user.tenantCode).toBe('T2');
    } finally {
      await setTenantConfig(t, 'T2', 'sys.account.captchaEnabled', 'false');
    }
  });
});
