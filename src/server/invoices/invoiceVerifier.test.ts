import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkResultOf, httpVerifier, verifyInvoice, verifyQuery, VERIFY_FAILED } from './invoiceVerifier.js';

describe('invoice verification', () => {
  it('reads the provider answer: valid → 1, refused → -1 (its message or the default), anything else unchecked', () => {
    expect(checkResultOf({ code: 200, data: { valid: true } })).toEqual({ checkStatus: 1, checkError: null });
    expect(checkResultOf({ data: { valid: false } })).toEqual({ checkStatus: -1, checkError: VERIFY_FAILED });
    expect(checkResultOf({ code: 200, data: { valid: false, message: '发票已作废' } })).toEqual({ checkStatus: -1, checkError: '发票已作废' });
    expect(checkResultOf({ code: 401, msg: '账号未授权' })).toEqual({ checkStatus: null, checkError: '查验服务调用失败：账号未授权' });
    expect(checkResultOf('ok')).toEqual({ checkStatus: null, checkError: '查验服务返回内容无法解析' });
  });

  it('an invoice without number, type, date or amount is not sent; without a provider nothing is', async () => {
    expect(verifyQuery({ number: '80100798', typeCode: '10', items: [] })).toBeNull();
    let called = 0;
    const verifier = { verify: async () => (called++, { checkStatus: 1 as const, checkError: null }) };
    expect(await verifyInvoice({ number: '80100798', items: [] }, verifier)).toEqual({ checkStatus: null, checkError: null });
    expect(await verifyInvoice({ number: '80100798', typeCode: '10', date: '2016-10-18', amount: '64.90', items: [] }, null)).toEqual({ checkStatus: null, checkError: null });
    expect(called).toBe(0);
  });

  it('a provider that cannot be reached leaves the invoice unchecked and says so', async () => {
    // A port that was just free: nothing listens there.
    const port = await new Promise<number>((done) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => done(p));
      });
    });
    const r = await httpVerifier(`http://127.0.0.1:${port}/verify`).verify({ fplxdm: '10', fpdm: '011001605111', fphm: '80100798', kprq: '20161018', je: '64.90', jym: '380258', jshj: '' });
    expect(r).toEqual({ checkStatus: null, checkError: '查验服务无法连接' });
  });
});
