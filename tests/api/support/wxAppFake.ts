/**
 * A loopback WeChat for tests (issue 32 item 4): the WeChat Work API (`/cgi-bin/gettoken`,
 * `/cgi-bin/auth/getuserinfo`), the official account's (`/sns/oauth2/access_token`) and the consent
 * page (`/connect/oauth2/authorize`), which approves at once as `currentUser` and sends the browser
 * back with a code. Codes are one-use and expire like WeChat's (5 minutes); errors carry
 * `errcode`/`errmsg` as WeChat's do (40029 invalid code, 40163 code been used, 40001 bad secret,
 * 42001 token expired).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface WxAppFake {
  /** e.g. http://127.0.0.1:41234, for WXAPP_API_BASE_URL. */
  url: string;
  /** The consent page, for WXAPP_AUTHORIZE_URL. */
  authorizeUrl: string;
  appId: string;
  secret: string;
  /** Who the consent page approves as (an openId / WeChat Work userid). */
  currentUser: string;
  /** A fresh code for `openId`, as the consent page would hand out. */
  issueCode(openId: string): string;
  /** Every API call, path and query, for assertions. */
  calls: { path: string; query: Record<string, string> }[];
  /** Answer 503 from now on (WeChat unreachable). */
  failing: boolean;
  /** Expire the current access token (the next getuserinfo answers 42001). */
  expireToken(): void;
  close(): Promise<void>;
}

const CODE_TTL_MS = 5 * 60_000;

export async function startWxAppFake(opts: { appId?: string; secret?: string } = {}): Promise<WxAppFake> {
  const appId = opts.appId ?? 'wx-test-corp';
  const secret = opts.secret ?? 'wx-test-secret';
  const codes = new Map<string, { openId: string; at: number; used: boolean }>();
  let token = '';
  const fake = {
    appId,
    secret,
    currentUser: 'wx-user-1',
    calls: [] as WxAppFake['calls'],
    failing: false,
    issueCode(openId: string) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { openId, at: Date.now(), used: false });
      return code;
    },
    expireToken() {
      token = 'expired';
    },
  };
  function takeCode(code: string | undefined): { openId: string } | { errcode: number; errmsg: string } {
    const c = code ? codes.get(code) : undefined;
    if (!c || Date.now() - c.at > CODE_TTL_MS) return { errcode: 40029, errmsg: 'invalid code' };
    if (c.used) return { errcode: 40163, errmsg: 'code been used' };
    c.used = true;
    return { openId: c.openId };
  }
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = Object.fromEntries(u.searchParams);
    const json = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (u.pathname === '/connect/oauth2/authorize') {
      const back = new URL(q.redirect_uri);
      if (q.appid !== appId) return json({ errcode: 40013, errmsg: 'invalid appid' });
      back.searchParams.set('code', fake.issueCode(fake.currentUser));
      back.searchParams.set('state', q.state ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    fake.calls.push({ path: u.pathname, query: q });
    if (fake.failing) return void res.writeHead(503).end();
    if (u.pathname === '/cgi-bin/gettoken') {
      if (q.corpid !== appId || q.corpsecret !== secret) return json({ errcode: 40001, errmsg: 'invalid credential' });
      token = randomBytes(12).toString('hex');
      return json({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (u.pathname === '/cgi-bin/auth/getuserinfo') {
      if (!token || q.access_token !== token) return json({ errcode: token === 'expired' ? 42001 : 40014, errmsg: 'invalid access_token' });
      const r = takeCode(q.code);
      return json('openId' in r ? { errcode: 0, errmsg: 'ok', userid: r.openId, user_ticket: 'ticket' } : r);
    }
    if (u.pathname === '/sns/oauth2/access_token') {
      if (q.appid !== appId || q.secret !== secret) return json({ errcode: 40001, errmsg: 'invalid credential' });
      if (q.grant_type !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const r = takeCode(q.code);
      return json('openId' in r ? { access_token: 'user-token', expires_in: 7200, refresh_token: 'refresh', openid: r.openId, scope: 'snsapi_base' } : r);
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"errcode":404,"errmsg":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    authorizeUrl: `${url}/connect/oauth2/authorize`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
