/**
 * A loopback stand-in for an ONLYOFFICE Document Server's side of the save protocol (issue 34 item
 * 4): it serves edited documents over HTTP on 127.0.0.1 (as the Document Server's cache does) and
 * builds callback bodies signed the way it signs them — the JWT in the body's `token`, or
 * `{payload}` in an Authorization header.
 */
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { signJwt } from '../../../src/server/office/hs256.js';

export interface OnlyofficeFake {
  /** e.g. http://127.0.0.1:41234, for ONLYOFFICE_URL. */
  url: string;
  secret: string;
  /** Paths the fake was asked for. */
  downloads: string[];
  /** Serves `bytes` and answers the url the callback will name. */
  serve(bytes: Buffer, ext?: string): string;
  /** A callback body as the Document Server sends it with JWT in the body. */
  callbackBody(fields: { key: string; status: number; url?: string }, secret?: string): Record<string, unknown>;
  /** The Authorization header value of the header variant. */
  callbackHeader(fields: { key: string; status: number; url?: string }): string;
  close(): Promise<void>;
}

export async function startOnlyofficeFake(secret = 'onlyoffice-test-secret'): Promise<OnlyofficeFake> {
  const files = new Map<string, Buffer>();
  const downloads: string[] = [];
  const server: Server = createServer((req, res) => {
    downloads.push(req.url ?? '');
    const body = files.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const body = (f: { key: string; status: number; url?: string }) => ({ key: f.key, status: f.status, ...(f.url ? { url: f.url } : {}), users: ['1'], actions: [{ type: 0, userid: '1' }] });
  return {
    url,
    secret,
    downloads,
    serve(bytes, ext = 'docx') {
      const path = `/cache/files/data/${randomUUID()}/output.${ext}`;
      files.set(path, bytes);
      return `${url}${path}`;
    },
    callbackBody(f, key = secret) {
      return { ...body(f), token: signJwt(body(f), key) };
    },
    callbackHeader(f) {
      return `Bearer ${signJwt({ payload: body(f) }, secret)}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
