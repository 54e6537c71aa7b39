/**
 * 发票台账's invoice buttons and 普通货品's 同步商品 (issue 31 item 3): who sees which button, the
 * dialogs' required-field messages (spec 02 §5) before any call, and what the user is told after a
 * call. The calls themselves run against the server in tests/api/invoices/taxPlatform.test.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestFeedbackHost } from '../../feedback/testFeedback';
import { until } from '../../testing/until';
import { invoiceCheckText } from '../../fields/media';
import { InvoiceLedgerButtons } from './InvoiceLedgerButtons';
import { appliedText, certificationText, collectionProgress, collectionText, goodsText, platformMoment, stateText } from './outcomeTexts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer();
const calls: string[] = [];
let root: Root | undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  root = undefined;
  document.body.innerHTML = '';
  server.resetHandlers();
  calls.length = 0;
});

async function render(perms: string[], selectedIds: number[] = [], form = 'auto_fptz') {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const has = (...p: string[]) => p.some((x) => perms.includes(x));
  // 发票采集 follows its job with react-query, as in the app.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => root!.render(<QueryClientProvider client={client}><ConfigProvider locale={zhCN}><AntdApp><TestFeedbackHost /><InvoiceLedgerButtons form={form} has={has} selectedIds={selectedIds} onDone={() => calls.push('refresh')} /></AntdApp></ConfigProvider></QueryClientProvider>));
}

/** The tenant's provider status as the server answers it (null: usable). */
const status = (taxPlatform: string | null = null) => server.use(http.get('*/api/invoices/providerStatus', () => {
  calls.push('status');
  return HttpResponse.json({ code: 200, data: { taxPlatform, verify: null, ocr: null } });
}));
const MISSING = '未配置税务平台服务：缺少“税务平台地址”（系统参数 sys.invoice.taxPlatform.url），请联系管理员在“参数设置”中填写后再试';

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text) as HTMLButtonElement | undefined;
const texts = () => [...document.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));

describe('发票台账 buttons', () => {
  it('add shows 发票采集, edit the other three; 发票认证 and 认证结果 need a selection; other forms and readers see none', async () => {
    await render(['auto:auto_fptz:add', 'auto:auto_fptz:edit']);
    expect(texts()).toEqual(['发票采集', '状态采集', '发票认证', '认证结果']);
    expect(button('发票认证')!.disabled).toBe(true);
    expect(button('认证结果')!.disabled).toBe(true);
    await act(async () => root!.unmount());
    await render(['auto:auto_fptz:add'], [1]);
    expect(texts()).toEqual(['发票采集']);
    await act(async () => root!.unmount());
    await render(['auto:auto_fptz:query'], [1]);
    expect(texts()).toEqual([]);
    await act(async () => root!.unmount());
    await render(['auto:contract_ledger:add', 'auto:contract_ledger:edit'], [1], 'contract_ledger');
    expect(texts()).toEqual([]);
  });

  it('发票采集 refuses to call without its four required values, each with spec 02 §5\'s message', async () => {
    server.use(http.post('*/api/flowable/form/elephant/vatInvoiceCollection', () => {
      calls.push('collect');
      return HttpResponse.json({ code: 200, data: {} });
    }));
    status();
    await render(['auto:auto_fptz:add']);
    await act(async () => button('发票采集')!.click());
    const ok = await until(() => [...document.querySelectorAll('.ant-modal button')].find((b) => b.textContent?.replace(/\s/g, '') === '确定') as HTMLButtonElement | undefined);
    expect(document.querySelector('.ant-modal-title')!.textContent).toBe('发票采集');
    await act(async () => ok.click());
    await until(() => document.querySelectorAll('.ant-form-item-explain-error').length === 4);
    expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual(['请选择数据类型', '请选择发票类型', '请选择开始时间', '请选择结束时间']);
    expect(calls).toEqual(['status']);
  });

  it('without a configured tax platform each button says which setting is missing and neither opens a dialog nor calls the platform', async () => {
    server.use(http.post('*/api/flowable/form/elephant/*', () => {
      calls.push('platform');
      return HttpResponse.json({ code: 200, data: {} });
    }));
    status(MISSING);
    await render(['auto:auto_fptz:add', 'auto:auto_fptz:edit'], [5]);
    for (const name of ['发票采集', '状态采集', '发票认证', '认证结果']) {
      calls.length = 0;
      await act(async () => button(name)!.click());
      await until(() => document.body.textContent?.includes(MISSING));
      expect(calls, name).toEqual(['status']);
      expect(document.querySelector('.ant-modal'), name).toBeNull();
    }
  });

  it('认证结果 tells how many were certified and names each refusal, then refreshes the list', async () => {
    server.use(http.post('*/api/flowable/form/elephant/getCertificationResults', async ({ request }) => {
      calls.push(JSON.stringify(await request.json()));
      return HttpResponse.json({ code: 200, data: { certified: 1, processing: 1, failed: [{ id: 7, fphm: '31000002', msg: '该发票已被其他纳税人勾选认证' }] } });
    }));
    status();
    await render(['auto:auto_fptz:edit'], [5, 6, 7]);
    await act(async () => button('认证结果')!.click());
    await until(() => document.body.textContent?.includes('认证结果：已认证 1 张，处理中 1 张，未通过 1 张'));
    expect(document.body.textContent).toContain('31000002：该发票已被其他纳税人勾选认证');
    expect(calls).toEqual(['status', '{"ids":[5,6,7]}', 'refresh']);
  });
});

describe('what the user is told', () => {
  it('platform moments are yyyyMMddHHmmss', () => {
    expect(platformMoment(dayjs('2026-10-01T08:05:09'))).toBe('20261001080509');
  });

  it('collection, state, goods and certification outcomes', () => {
    const base = { added: 0, updated: 0, skipped: 0, drafts: [], failed: [], draftCount: 0, failedCount: 0, pages: 1, truncated: false, cancelled: false, msg: '' };
    expect(collectionText({ ...base, added: 4, updated: 2, skipped: 1, drafts: [{ fphm: '1', msg: '发票文件不能为空' }], draftCount: 1, pages: 3 }))
      .toEqual({ summary: '采集完成：新增 4 张（其中 1 张已暂存，待补充后提交），更新 2 张，已存在 1 张', details: ['1：发票文件不能为空'] });
    // At most 200 are named by the server; the counts are complete.
    expect(collectionText({ ...base, failed: [{ fphm: '9', msg: 'x' }], failedCount: 3, pages: 10_000, truncated: true }))
      .toEqual({ summary: '采集完成：新增 0 张，更新 0 张，已存在 0 张，失败 3 张。页数已达单次采集上限，请缩短时间段后继续', details: ['9：x', '……另有 2 张未列出'] });
    expect(collectionText({ ...base, added: 10, pages: 2, cancelled: true }).summary).toBe('已取消，已采集的 2 页已保存：新增 10 张，更新 0 张，已存在 0 张');
    expect(collectionProgress(undefined)).toBe('排队中…');
    expect(collectionProgress({ status: 'running', done: 0, total: null })).toBe('正在采集…');
    expect(collectionProgress({ status: 'running', done: 3, total: 12 })).toBe('正在采集：第 3 / 12 页');
    expect(appliedText({ accepted: 2, written: 1, failed: [{ id: 5, fphm: '31000001', msg: '数据已被他人修改，请刷新后重试' }] }))
      .toEqual({ summary: '已提交认证 2 张发票，请稍后点击“认证结果”获取结果；1 张未能写入认证类型和税款所属期', details: ['31000001：数据已被他人修改，请刷新后重试'] });
    expect(stateText({ updated: 2, unchanged: 0, unknown: 1, pages: 2, truncated: false }).summary).toBe('状态采集完成：更新 2 张，无变化 0 张，台账中没有的发票 1 张');
    expect(goodsText({ added: 2, updated: 1, unchanged: 0, failed: [{ spbm: '', msg: '商品“无编码商品”没有商品编码，未同步' }], pages: 3, truncated: false }))
      .toEqual({ summary: '同步完成：新增 2 个，更新 1 个，无变化 0 个，未同步 1 个', details: ['商品“无编码商品”没有商品编码，未同步'] });
    expect(certificationText({ certified: 2, processing: 0, failed: [] })).toEqual({ summary: '认证结果：已认证 2 张，处理中 0 张，未通过 0 张', details: [] });
  });

  it('the invoice field\'s check line: passed, failed with checkError, unchecked with or without a reason', () => {
    expect(invoiceCheckText({ checkStatus: 1, checkError: null })).toEqual({ type: 'success', text: '国税平台查验通过' });
    expect(invoiceCheckText({ checkStatus: -1, checkError: '发票代码有误' })).toEqual({ type: 'danger', text: '国税平台查验不通过：发票代码有误' });
    expect(invoiceCheckText({ checkStatus: null, checkError: '查验服务无法连接' })).toEqual({ type: 'warning', text: '未能查验：查验服务无法连接' });
    expect(invoiceCheckText({ checkStatus: null, checkError: null })).toBeNull();
  });
});
