/**
 * A small tax-platform gateway on 127.0.0.1 for tests (issue 31 item 4), speaking the protocol of
 * docs/invoices.md "Tax platform": invoices listed in pages filtered by type and period, state
 * changes in pages (as many as the test gives: a large period is many pages, optionally slow), certification that answers `processing` for the first result fetches before
 * its outcome, goods by shop, and errors with messages (a wrong app secret, a data type the tax
 * number has no right to, an invoice outside certification).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CertificationResult, InvoiceState, PlatformGoods, PlatformInvoice } from '../../../src/server/invoices/taxPlatform.js';

export interface FakeTaxPlatformOptions {
  appKey: string;
  appSecret: string;
  invoices: PlatformInvoice[];
  states?: InvoiceState[];
  goods?: Record<string, PlatformGoods[]>;
  /** Invoice numbers the platform refuses to certify (the result is `failed`). */
  refuse?: Record<string, string>;
  /** How many result fetches answer `processing` before the outcome. */
  processingPolls?: number;
  pageSize?: number;
  /** Milliseconds each collection page takes (a large period read while a test watches or cancels). */
  collectDelayMs?: number;
}

export interface FakeTaxPlatform {
  url: string;
  /** Every request's path and body, in order. */
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const day = (s: string) => s.replace(/-/g, '').slice(0, 8);

export async function startFakeTaxPlatform(o: FakeTaxPlatformOptions): Promise<FakeTaxPlatform> {
  const requests: FakeTaxPlatform['requests'] = [];
  const pending = new Map<string, number>();
  const size = o.pageSize ?? 2;
  const paged = <T>(all: T[], page: number) => ({ rows: all.slice((page - 1) * size, page * size), page, pages: Math.ceil(all.length / size) });

  const answer = (path: string, b: Record<string, any>): [number, unknown] => {
    switch (path) {
      case '/invoices/collect': {
        if (b.sjlx === '9') return [200, { code: 403, msg: '该税号未开通此类数据采集权限' }];
        const from = day(String(b.cjksrq));
        const to = day(String(b.cjjsrq));
        const all = o.invoices.filter((i) => (b.fplxdm as string[]).includes(i.fplxdm) && day(i.kprq) >= from && day(i.kprq) <= to);
        return [200, { code: 200, data: paged(all, Number(b.page)) }];
      }
      case '/invoices/state':
        return [200, { code: 200, data: paged(o.states ?? [], Number(b.page)) }];
      case '/certification/apply': {
        const keys = b.invoices as { fpdm: string; fphm: string }[];
        const unknown = keys.find((k) => !o.invoices.some((i) => i.fphm === k.fphm && i.fpdm === k.fpdm));
        if (unknown) return [400, { code: 400, msg: `发票 ${unknown.fphm} 不在本税号可认证范围内` }];
        for (const k of keys) pending.set(`${k.fpdm}:${k.fphm}`, o.processingPolls ?? 1);
        return [200, { code: 200, data: { accepted: keys.length } }];
      }
      case '/certification/result': {
        const rows: CertificationResult[] = [];
        for (const k of b.invoices as { fpdm: string; fphm: string }[]) {
          const key = `${k.fpdm}:${k.fphm}`;
          const left = pending.get(key);
          if (left === undefined) continue;
          if (left > 0) {
            pending.set(key, left - 1);
            rows.push({ ...k, rzzt: 'processing' });
          } else if (o.refuse?.[k.fphm]) rows.push({ ...k, rzzt: 'failed', message: o.refuse[k.fphm] });
          else rows.push({ ...k, rzzt: 'success' });
        }
        return [200, { code: 200, data: { rows } }];
      }
      case '/goods/query':
        return [200, { code: 200, data: paged(o.goods?.[String(b.jydp)] ?? [], Number(b.page)) }];
      default:
        return [404, { code: 404, msg: '接口不存在' }];
    }
  };

  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', async () => {
      if (o.collectDelayMs && req.url?.endsWith('/invoices/collect')) await new Promise((r) => setTimeout(r, o.collectDelayMs));
      const path = (req.url ?? '').replace(/^\/tax/, '');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      requests.push({ path, body });
      const [status, out] = req.headers['x-app-key'] !== o.appKey || req.headers['x-app-secret'] !== o.appSecret
        ? [401, { code: 401, msg: '应用密钥错误' }]
        : answer(path, body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tax`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
