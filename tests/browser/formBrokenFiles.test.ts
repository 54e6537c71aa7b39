/**
 * Issue 11 item 6 in Chromium: a record whose stored file list holds entries the page cannot read
 * (planted in the database, as rows written before the server refused them) still opens on its
 * edit and detail pages; each such entry shows as 文件信息不完整, the good file keeps its actions,
 * and on the edit page the broken entries can be removed and the record saved.
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './support/browserApp';
import { api, item } from './support/formActions';
import { startAdminSession } from './support/adminSession';

const FIELD = '合同附件';
const CONTRACT = { contract_name: '残缺附件合同', contract_type: 'construction', party_b: '某建设公司', sign_date: '2026-01-05', amount: 100 };
let app: BrowserApp;
let page: Page;
let token: string;
let id: number;

const call = <T = any>(method: string, url: string, body?: unknown) => api<T>(app, token, method, url, body);
const names = () => item(page, FIELD).locator('.fw-file-name').allTextContents();
const broken = () => item(page, FIELD).locator('.fw-file-broken');

beforeAll(async () => {
  ({ app, page, token } = await startAdminSession());
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from('合同正文'))]), '正文.txt');
  const res = await fetch(`${app.url}/api/common/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const { data } = await res.json();
  const good = { name: '正文.txt', url: data.url, fileName: data.fileName, size: data.size };
  const uuid = (await call('GET', '/api/auto/uuid/get')).data;
  id = (await call('POST', '/api/auto/contract_ledger/add', { formName: 'contract_ledger', data: { ...CONTRACT, attachments: [good] }, uuid })).data.id;
  // Straight into the table: the API refuses these entries now.
  const db = app.server.db;
  const row = (await sql<{ tenant_id: number; storage: { tables: { name: string; columns: { field: string; role: string; name: string }[] }[] } }>`
    SELECT f.tenant_id, f.storage FROM form_definitions f JOIN tenants t ON t.id = f.tenant_id WHERE t.code = 'DEFAULT' AND f.en_name = 'contract_ledger'`.execute(db)).rows[0];
  const table = row.storage.tables[0];
  const column = table.columns.find((c) => c.field === 'attachments' && c.role === 'value')!.name;
  const planted = [good, { name: '无键.pdf', url: '/api/common/download?fileName=x' }, null, '一段文字'];
  await sql`UPDATE ${sql.table(`t_${row.tenant_id}.${table.name}`)} SET ${sql.ref(column)} = ${JSON.stringify(planted)}::jsonb WHERE id = ${id}`.execute(db);
});
afterAll(async () => app?.close());

describe('stored file entries the page cannot read', () => {
  it('the detail page renders, shows the good file and one 文件信息不完整 item per unreadable entry', async () => {
    const errorsBefore = app.errors.length;
    await page.goto(`${app.url}/auto/contract_ledger/detail${id}`);
    await item(page, '合同名称').getByText('残缺附件合同').waitFor();
    await expect.poll(names).toEqual(['正文.txt']);
    await expect.poll(() => broken().count()).toBe(3);
    expect(await broken().first().textContent()).toBe('文件信息不完整');
    // Read-only: nothing to delete there, but the good file still downloads.
    expect(await item(page, FIELD).getByRole('button', { name: '删除文件信息不完整' }).count()).toBe(0);
    expect(await item(page, FIELD).getByRole('button', { name: '下载正文.txt' }).count()).toBe(1);
    expect(app.errors.slice(errorsBefore).filter((e) => /slice|Cannot read/.test(e))).toEqual([]);
  });

  it('the edit page renders too; removing the broken entries lets the record be saved with the good file', async () => {
    const errorsBefore = app.errors.length;
    await page.goto(`${app.url}/auto/contract_ledger/${id}`);
    await expect.poll(() => item(page, '合同名称').locator('input').first().inputValue()).toBe('残缺附件合同');
    await expect.poll(names).toEqual(['正文.txt']);
    await expect.poll(() => broken().count()).toBe(3);
    for (let left = 3; left > 0; left--) {
      await broken().first().getByRole('button', { name: '删除文件信息不完整' }).click();
      await expect.poll(() => broken().count()).toBe(left - 1);
    }
    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    const stored = (await call('GET', `/api/auto/contract_ledger/${id}`)).data;
    expect(stored.attachments.map((f: { name: string }) => f.name)).toEqual(['正文.txt']);
    expect(app.errors.slice(errorsBefore).filter((e) => /slice|Cannot read/.test(e))).toEqual([]);
  });
});
