/**
 * Encrypts the credentials of `/encrypted/login` (issue 32 item 3, ADR 1055) with node-forge, which
 * works where `crypto.subtle` does not (plain-HTTP intranet pages are not a secure context):
 * AES-256-GCM under a fresh key, that key wrapped with the server's RSA public key (RSA-OAEP,
 * SHA-256 for the digest and MGF1). The server's `public/encryptedLogin.ts` undoes it.
 */
import forge from 'node-forge';

/** The sealed credentials: what `POST /api/encrypt/login` takes besides tenant and captcha. */
export interface SealedCredentials {
  keyId: string;
  key: string;
  iv: string;
  data: string;
}

/** Seals `{username, password, nonce, timestamp}`; `now` is the browser's clock in ms. */
export function sealCredentials(publicKeyPem: string, keyId: string, creds: { username: string; password: string }, now: number = Date.now()): SealedCredentials {
  const publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  const nonce = forge.util.bytesToHex(forge.random.getBytesSync(16));
  const plain = forge.util.encodeUtf8(JSON.stringify({ username: creds.username, password: creds.password, nonce, timestamp: now }));
  const aesKey = forge.random.getBytesSync(32);
  const iv = forge.random.getBytesSync(12);
  const cipher = forge.cipher.createCipher('AES-GCM', aesKey);
  cipher.start({ iv, tagLength: 128 });
  cipher.update(forge.util.createBuffer(plain));
  cipher.finish();
  const sealed = cipher.output.getBytes() + cipher.mode.tag.getBytes();
  const wrapped = publicKey.encrypt(aesKey, 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } });
  return { keyId, key: forge.util.encode64(wrapped), iv: forge.util.encode64(iv), data: forge.util.encode64(sealed) };
}
