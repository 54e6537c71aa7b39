/**
 * A loopback SMS gateway for tests (issue 32 item 2): it accepts what the product's HTTP provider
 * posts (`{ phone, text }`) and keeps it, so a test reads the code a user would get on the phone.
 */
import { createServer, type Server } from 'node:http';

export interface SmsFake {
  /** e.g. http://127.0.0.1:41234/sms, for SMS_HTTP_URL. */
  url: string;
  token: string;
  messages: { phone: string; text: string }[];
  /** The code of the newest message to the number. */
  lastCode(phone: string): string;
  /** Answer 503 from now on (a gateway that is down). */
  failing: boolean;
  close(): Promise<void>;
}

export async function startSmsFake(): Promise<SmsFake> {
  const token = 'sms-test-token';
  const fake: Omit<SmsFake, 'url' | 'close'> = {
    token,
    messages: [],
    failing: false,
    lastCode(phone) {
      const m = [...fake.messages].reverse().find((x) => x.phone === phone);
      const code = m?.text.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no code sent to ${phone}`);
      return code;
    },
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (fake.failing || req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(fake.failing ? 503 : 401).end();
        return;
      }
      fake.messages.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return Object.assign(fake as SmsFake, {
    url: `http://127.0.0.1:${port}/sms`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
