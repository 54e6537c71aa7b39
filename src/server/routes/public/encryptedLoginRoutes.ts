/**
 * Issue 32 item 3: the encrypted sign-in of `/encrypted/login` (spec 02 §2.2, §7), public: the
 * current public key, and `POST /encrypt/login`, which answers exactly as `POST /login`.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { currentLoginKey } from '../../public/loginKeys.js';
import { encryptedLogin } from '../../public/encryptedLogin.js';
import { LoginAnswer } from '../../../shared/contract/session.js';
import { EncryptedLoginRequest, LoginKeyAnswer } from '../../../shared/contract/publicAccess.js';

export const encryptedLoginRoutes: ContractPlugin = async (app) => {
  app.get('/encrypt/publicKey', { schema: { response: { 200: LoginKeyAnswer } }, config: { public: true } }, async (_request, reply) => {
    const key = await currentLoginKey(app.db, app.now());
    // Fetched right before each sign-in: never from a cache that could outlive the rotation.
    reply.header('cache-control', 'no-store');
    return ok({ ...key, algorithm: 'RSA-OAEP-256+A256GCM' as const });
  });

  app.post('/encrypt/login', { schema: { body: EncryptedLoginRequest, response: { 200: LoginAnswer } }, config: { public: true } }, async (request) => {
    const b = request.body;
    const { token, needPerfect } = await encryptedLogin(
      app.db,
      { keyId: b.keyId, key: b.key, iv: b.iv, data: b.data, code: b.code ?? undefined, uuid: b.uuid ?? undefined, tenantCode: b.tenantCode ?? undefined },
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', tokenTtlHours: app.config.tokenTtlHours, now: app.now() },
    );
    return { code: 200 as const, msg: '操作成功', token, needPerfect };
  });
};
