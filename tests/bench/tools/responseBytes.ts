/**
 * The bytes of one HTTP answer as they cross the wire: node:http (fetch would decompress and
 * hide the encoding), with `Accept-Encoding: identity` or `gzip`. Answers the body's length on the
 * wire, the server's Content-Encoding, the decoded JSON and, for comparison, what gzip (level 6,
 * node's default) would make of the decoded body.
 */
import { request } from 'node:http';
import { gunzipSync, gzipSync, brotliDecompressSync, inflateSync } from 'node:zlib';

export interface WireBytes { status: number; wire: number; encoding: string; decoded: number; gzipWouldBe: number; json: unknown }

export function responseBytes(url: string, opts: { token: string; method: 'GET' | 'POST'; body?: unknown; encoding: 'identity' | 'gzip' }): Promise<WireBytes> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: opts.method,
      headers: {
        authorization: `Bearer ${opts.token}`, 'accept-encoding': opts.encoding,
        ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const decoded = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, wire: raw.length, encoding, decoded: decoded.length, gzipWouldBe: gzipSync(decoded).length, json: JSON.parse(decoded.toString('utf8')) });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
