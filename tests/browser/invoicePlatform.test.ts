/**
 * 发票台账's tax-platform buttons in Chromium (issue 31 items 3, 4) against the loopback fake
 * platform (tests/api/support/taxPlatformFake.ts), configured for the tenant through its system
 * parameters over the API (no environment): without them 发票采集 names the missing setting; with
 * them 发票采集 adds the period's invoices, 发票认证 submits the selected ones, and 认证结果 answers
 * processing first, then the outcome, with the platform's refusal named and 认证状态 updated.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { api, noOpenList, setConfig } from './support/formActions';
import { openList } from './support/listPages';
import { startAdminSession } from './support/adminSession';
import { startFakeTaxPlatform, type FakeTaxPlatform } from '../api/support/taxPlatformFake';

const CODE = '044031900111';
const inv = (fphm: string, kprq: string) => ({ fplxdm: '01', fpdm: CODE, fphm, kprq, je: '1000.00', se: '130.00', jshj: '1130.00', xfmc: '某某建材有限公司', xfsh: '91440300MA5XXXX12K' });
const ENV = ['TAX_PLATFORM_URL', 'TAX_PLATFORM_APP_KEY', 'TAX_PLATFORM_APP_SECRET'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

let app: BrowserApp;
let page: Page;
let token: string;
/** Every fake platform started, closed after the file. */
const fakes: FakeTaxPlatform[] = [];
let attempt = 0;

/**
 * A platform of its own for each attempt of a test, listing invoices numbered for that attempt: a
 * retry on CI must not find the invoices its first attempt collected (已存在 2 张) or certified.
 */
async function freshPlatform(): Promise<{ fake: FakeTaxPlatform; numbers: [string, string] }> {
  attempt += 1;
  const numbers: [string, string] = [`52${String(attempt).padStart(4, '0')}01`, `52${String(attempt).padStart(4, '0')}02`];
  const fake = await startFakeTaxPlatform({
    appKey: 'browser-key', appSecret: 'browser-secret', processingPolls: 1,
    invoices: [inv(numbers[0], '20261008'), inv(numbers[1], '20261016')],
    refuse: { [numbers[1]]: '该发票已被其他纳税人勾选认证' },
  });
  fakes.push(fake);
  return { fake, numbers };
}

beforeAll(async () => {
  for (const k of ENV) delete process.env[k];
  ({ app, page, token } = await startAdminSession());
});
afterAll(async () => {
  await app?.close();
  for (const f of fakes) await f.close();
  for (const k of ENV) if (saved[k] !== undefined) process.env[k] = saved[k];
});

const dialog = (title: string) => page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const toast = (text: string) => page.locator('.ant-message', { hasText: text }).last();

async function pick(root: ReturnType<typeof dialog>, label: string, option: string) {
  await noOpenList(page);
  await root.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function typeDate(root: ReturnType<typeof dialog>, placeholder: string, value: string) {
  await noOpenList(page);
  const input = root.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  // Enter takes the typed value and closes the panel; until it has gone it covers what lies below
  // it (the next field, the dialog's 确定), and a click sent meanwhile lands on the panel.
  await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
}

/** The ledger rows holding these numbers, through the API. */
async function ledger(numbers: string[]): Promise<Record<string, any>[]> {
  const { rows } = await api<{ rows: Record<string, any>[] }>(app, token, 'POST', '/api/auto/auto_fptz/list', { pageNum: 1, pageSize: 500 });
  return rows.filter((r) => numbers.includes(String(r.invoice_no))).sort((a, b) => String(a.invoice_no).localeCompare(String(b.invoice_no)));
}

describe('发票台账 and the tax platform', () => {
  it('without the tenant\'s settings 发票采集 names the missing one and opens nothing', async () => {
    const { fake } = await freshPlatform();
    await openList(app, page, 'auto_fptz');
    await page.getByRole('button', { name: '发票采集' }).click();
    await toast('缺少“税务平台地址”（系统参数 sys.invoice.taxPlatform.url）').waitFor();
    expect(await page.locator('.ant-modal:visible').count()).toBe(0);
    expect(fake.requests).toEqual([]);
  });

  it('发票采集 → 发票认证 → 认证结果 against the platform set in the tenant\'s parameters', async () => {
    const { fake, numbers } = await freshPlatform();
    for (const [configKey, configValue] of [['sys.invoice.taxPlatform.url', fake.url], ['sys.invoice.taxPlatform.appKey', 'browser-key'], ['sys.invoice.taxPlatform.appSecret', 'browser-secret']]) {
      await setConfig(app, token, configKey, configValue);
    }
    // From a list opened afresh, not from what the test before (or a first attempt) left open.
    await openList(app, page, 'auto_fptz');

    await page.getByRole('button', { name: '发票采集' }).click();
    const collect = dialog('发票采集');
    await collect.waitFor();
    await pick(collect, '数据类型', '进项发票');
    await pick(collect, '发票类型', '01 增值税专用发票');
    await collect.locator('.ant-modal-title').click();
    await typeDate(collect, '请选择开始时间', '2026-10-01 00:00:00');
    await typeDate(collect, '请选择结束时间', '2026-10-31 23:59:59');
    await collect.getByRole('button', { name: /确\s*定/ }).click();
    // The demo ledger requires the invoice file, which the platform does not give: drafts, listed.
    const collected = page.locator('.ant-modal-confirm', { hasText: '采集完成：新增 2 张（其中 2 张已暂存，待补充后提交），更新 0 张，已存在 0 张' });
    await collected.waitFor();
    await collected.getByRole('button').click();
    const rows = await ledger(numbers);
    expect(rows.map((r) => [r.invoice_no, r.auth_status])).toEqual([[numbers[0], 'pending'], [numbers[1], 'pending']]);

    // Each call refreshes the list, which clears the selection: select the two invoices before each.
    const select = async () => {
      for (const r of rows) await page.locator(`[data-row-key="${r.id}"] [aria-label="选择"]`).check();
    };
    await select();
    await page.getByRole('button', { name: '发票认证' }).click();
    const certify = dialog('发票认证');
    await certify.waitFor();
    await expect.poll(() => certify.textContent()).toContain('已选 2 张');
    await pick(certify, '认证类型', '抵扣勾选');
    await typeDate(certify, '请选择税款所属期', '202610');
    await certify.getByRole('button', { name: /确\s*定/ }).click();
    await toast('已提交认证 2 张发票').waitFor();
    expect(fake.requests.find((r) => r.path === '/certification/apply')!.body).toMatchObject({ sqrzlx: '1', sqskssq: '202610' });

    // The platform takes a while: first still processing, then the outcome with its refusal named.
    await select();
    await page.getByRole('button', { name: '认证结果' }).click();
    await toast('认证结果：已认证 0 张，处理中 2 张，未通过 0 张').waitFor();
    await select();
    await page.getByRole('button', { name: '认证结果' }).click();
    const outcome = page.locator('.ant-modal-confirm', { hasText: '认证结果：已认证 1 张，处理中 0 张，未通过 1 张' });
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain(`${numbers[1]}：该发票已被其他纳税人勾选认证`);
    await outcome.getByRole('button').click();
    expect((await ledger(numbers)).map((r) => r.auth_status)).toEqual(['authenticated', 'failed']);
    await expect.poll(() => page.locator(`[data-row-key="${rows[0].id}"]`).textContent()).toContain('已认证');
  });
});
