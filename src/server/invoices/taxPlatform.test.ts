import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTaxPlatform, type FakeTaxPlatform } from '../../../tests/api/support/taxPlatformFake.js';
import { configuredTaxPlatform, httpTaxPlatform } from './taxPlatform.js';

const inv = (fphm: string, kprq: string, fplxdm = '01') => ({ fplxdm, fpdm: '011001600111', fphm, kprq, je: '100.00', se: '13.00', jshj: '113.00', xfmc: '某某建材有限公司', xfsh: '91110000XXXX1' });
let fake: FakeTaxPlatform;

beforeAll(async () => {
  fake = await startFakeTaxPlatform({
    appKey: 'k1', appSecret: 's1', pageSize: 2,
    invoices: [inv('10000001', '20261001'), inv('10000002', '20261002'), inv('10000003', '20261003'), inv('10000004', '20261003', '04'), inv('10000005', '20260901')],
    refuse: { '10000002': '该发票已被其他纳税人勾选' },
    goods: { shopA: [{ spbm: '1090101', spmc: '水泥', dw: '吨', dj: '420.00', slv: '13%' }] },
  });
});
afterAll(() => fake.close());

describe('tax platform provider over HTTP (against the loopback fake)', () => {
  it('collects invoices page by page, filtered by type and period, with the secret sent only to the gateway', async () => {
    const p = httpTaxPlatform(fake.url, 'k1', 's1');
    const q = { sjlx: '1', fplxdm: ['01'], cjksrq: '20261001000000', cjjsrq: '20261031235959' };
    const first = await p.collectInvoices(q, 1);
    expect(first.pages).toBe(2);
    expect(first.rows.map((r) => r.fphm)).toEqual(['10000001', '10000002']);
    expect(first.rows[0]).toMatchObject({ fpdm: '011001600111', jshj: '113.00', xfmc: '某某建材有限公司' });
    expect((await p.collectInvoices(q, 2)).rows.map((r) => r.fphm)).toEqual(['10000003']);
  });

  it('certification answers processing first, then the outcome with the platform\'s message', async () => {
    const p = httpTaxPlatform(fake.url, 'k1', 's1');
    const keys = [{ fpdm: '011001600111', fphm: '10000001' }, { fpdm: '011001600111', fphm: '10000002' }];
    expect(await p.applyCertification({ sqrzlx: '1', sqskssq: '202610', invoices: keys })).toEqual({ accepted: 2 });
    expect((await p.certificationResults(keys)).map((r) => r.rzzt)).toEqual(['processing', 'processing']);
    expect(await p.certificationResults(keys)).toEqual([
      { ...keys[0], rzzt: 'success' },
      { ...keys[1], rzzt: 'failed', message: '该发票已被其他纳税人勾选' },
    ]);
  });

  it('platform errors become Chinese messages: its own message, a wrong secret, an unreachable gateway', async () => {
    const p = httpTaxPlatform(fake.url, 'k1', 's1');
    await expect(p.applyCertification({ sqrzlx: '1', sqskssq: '202610', invoices: [{ fpdm: '', fphm: '99999999' }] }))
      .rejects.toMatchObject({ status: 502, message: '税务平台调用失败：发票 99999999 不在本税号可认证范围内' });
    await expect(p.collectInvoices({ sjlx: '9', fplxdm: ['01'], cjksrq: '20261001000000', cjjsrq: '20261031235959' }, 1))
      .rejects.toMatchObject({ message: '税务平台调用失败：该税号未开通此类数据采集权限' });
    await expect(httpTaxPlatform(fake.url, 'k1', 'wrong').goods('shopA', 1)).rejects.toMatchObject({ message: '税务平台调用失败：应用密钥错误' });
    await expect(httpTaxPlatform('http://127.0.0.1:1', 'k1', 's1').goods('shopA', 1)).rejects.toMatchObject({ status: 502, message: '税务平台无法连接，请稍后重试' });
    expect((await p.goods('shopA', 1)).rows).toEqual([{ spbm: '1090101', spmc: '水泥', dw: '吨', dj: '420.00', slv: '13%' }]);
  });

  it('without configuration names the missing setting in a 400', () => {
    expect(() => configuredTaxPlatform({})).toThrow(expect.objectContaining({ status: 400, message: '未配置税务平台服务：缺少“税务平台地址”（系统参数 sys.invoice.taxPlatform.url），请联系管理员在“参数设置”中填写后再试' }));
    expect(() => configuredTaxPlatform({ TAX_PLATFORM_URL: fake.url, TAX_PLATFORM_APP_KEY: 'k1' })).toThrow(expect.objectContaining({ message: expect.stringContaining('“税务平台应用密钥”（系统参数 sys.invoice.taxPlatform.appSecret）') }));
    expect(configuredTaxPlatform({ TAX_PLATFORM_URL: fake.url, TAX_PLATFORM_APP_KEY: 'k1', TAX_PLATFORM_APP_SECRET: 's1' })).toBeTruthy();
  });
});
