/**
 * Encrypted sign-in (issue 32 item 3, ADR 1055): the browser encrypts `{username, password, nonce,
 * timestamp}` with AES-256-GCM under a fresh key, and that key with the server's RSA public key
 * (RSA-OAEP, SHA-256). Here it is decrypted, the timestamp must be within WINDOW_MS of the
 * server's clock and the nonce new; then the sign-in is the ordinary one (`login`: lockout,
 * captcha, token), so nothing but the transport differs.
 */
import { constants, createDecipheriv, privateDecrypt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { badRequest } from '../http/HttpError.js';
import { claimNonce } from '../repositories/loginKeyRepository.js';
import { login, type LoginContext, type LoginResult } from '../services/authService.js';
import { acceptedLoginKey } from './loginKeys.js';

/** How far the request's timestamp may be from the server's clock. */
export const WINDOW_MS = 5 * 60_000;

export const ENCRYPTED_LOGIN_MESSAGES = {
  keyExpired: '登录密钥已更换，请重新登录',
  undecryptable: '登录信息无法解密，请刷新页面后重新登录',
  malformed: '登录信息格式不正确',
  stale: '登录请求已过期，请检查本机时间是否准确后重新登录',
  replay: '该登录请求已使用过，请重新登录',
} as const;

/** What the page sends: the key id, the RSA-wrapped AES key, the GCM iv and the ciphertext with its tag (base64). */
export interface EncryptedLoginInput {
  keyId: string;
  key: string;
  iv: string;
  data: string;
  tenantCode?: string;
  code?: string;
  uuid?: string;
}

interface Credentials {
  username: string;
  password: string;
  nonce: string;
  timestamp: number;
}

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

function decrypt(privatePem: string, input: EncryptedLoginInput): string {
  try {
    const aesKey = privateDecrypt({ key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(input.key, 'base64'));
    const iv = Buffer.from(input.iv, 'base64');
    const sealed = Buffer.from(input.data, 'base64');
    if (aesKey.length !== 32 || iv.length !== 12 || sealed.length < 17) throw new Error('sizes');
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    // Wrong key, altered bytes (GCM's tag) or a malformed wrapping: one answer, no oracle.
    throw badRequest(ENCRYPTED_LOGIN_MESSAGES.undecryptable);
  }
}

function parse(text: string): Credentials {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw badRequest(ENCRYPTED_LOGIN_MESSAGES.malformed);
  }
  const c = v as Partial<Credentials> | null;
  const okText = (s: unknown, max: number): s is string => typeof s === 'string' && s.length > 0 && s.length <= max;
  if (!c || typeof c !== 'object' || !okText(c.username, 64) || !okText(c.password, 128) || typeof c.nonce !== 'string' || !NONCE.test(c.nonce)
    || typeof c.timestamp !== 'number' || !Number.isSafeInteger(c.timestamp)) {
    throw badRequest(ENCRYPTED_LOGIN_MESSAGES.malformed);
  }
  return c as Credentials;
}

/** Decrypts, refuses stale and replayed requests, then signs in as `POST /login` does. */
export async function encryptedLogin(db: Kysely<Database>, input: EncryptedLoginInput, ctx: LoginContext & { now: Date }): Promise<LoginResult> {
  const key = await acceptedLoginKey(db, input.keyId, ctx.now);
  if (!key) throw badRequest(ENCRYPTED_LOGIN_MESSAGES.keyExpired);
  const creds = parse(decrypt(key.private_pem, input));
  if (Math.abs(ctx.now.getTime() - creds.timestamp) > WINDOW_MS) throw badRequest(ENCRYPTED_LOGIN_MESSAGES.stale);
  // Kept until no timestamp it could carry is inside the window any more.
  if (!(await claimNonce(db, creds.nonce, new Date(ctx.now.getTime() + 2 * WINDOW_MS), ctx.now))) throw badRequest(ENCRYPTED_LOGIN_MESSAGES.replay);
  return login(db, { username: creds.username, password: creds.password, code: input.code, uuid: input.uuid, tenantCode: input.tenantCode }, ctx);
}
