/**
 * 批量修改, the QR-code dialog and the /mmh5 mobile page in Chromium (issue 17 items 2 and 3):
 * the batch dialog offers the form's editable fields with the form page's components, confirms
 * with 本次操作将影响{n}行数据, 请确认！ and the list shows the result; a refused batch lists the
 * refused records; a form with nothing editable says 没有可修改的信息; a search above 1,000 rows
 * runs as a job with its progress in the dialog. 二维码 (toolbar, or a qrCode column's cell)
 * shows the record's /mmh5 link and 复制链接 answers 复制成功; the link opens a phone-sized page
 * of the record.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFormMenus, startAdminSession, type AdminSession } from './support/adminSession';
import { chooseTenant, TEST_PASSWORD, type BrowserApp } from './support/browserApp';
import { choose, fill, item, useToken } from './support/formActions';
import { openList as openListOf } from './support/listPages';
import { cancelDialog } from './support/shellActions';
import { settledJob } from '../api/support/waitFor';

const FORM = {
  enName: 'bq_task',
  cnName: '现场任务',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', required: true },
    { enName: 'owner', label: '负责人', funcType: 'input' },
    { enName: 'state', label: '状态', funcType: 'select', selectMode: 0, options: [{ label: '进行中', value: 'doing' }, { label: '完成', value: 'done' }] },
    { enName: 'closer', label: '完成人', funcType: 'input', requiredCon: "${state} == 'done'" },
    { enName: 'code', label: '编号', funcType: 'input', disabled: true },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
    // A qrCode field: its list cell opens the row's QR-code dialog.
    { enName: 'qr', label: '任务码', funcType: 'qrCode' },
  ],
};
// A search above the request's 1,000 rows: the batch edit runs as a job.
const BIG = {
  enName: 'bq_big',
  cnName: '大批任务',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input' },
    { enName: 'owner', label: '负责人', funcType: 'input' },
    { enName: 'state', label: '状态', funcType: 'select', selectMode: 0, options: [{ label: '进行中', value: 'doing' }, { label: '完成', value: 'done' }] },
    { enName: 'closer', label: '完成人', funcType: 'input', requiredCon: "${state} == 'done'" },
  ],
};
const BIG_ROWS = 1050;
// Nothing a batch may write: a sub-form and a serial number.
const NONE = {
  enName: 'bq_none',
  cnName: '只读单',
  fields: [
    { enName: 'sn', label: '流水号', funcType: 'serialNumber' },
    { enName: 'rows', label: '行', funcType: 'subForm', children: [{ enName: 'x', label: '值', funcType: 'input' }] },
  ],
};

/** Set FW_SCREENSHOTS=1 to refresh this file's pictures in docs/screenshots/. */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

let app: BrowserApp;
let page: Page;
let token: string;
let call: AdminSession['api'];
const ids: number[] = [];

const record = async (id: number) => (await call('GET', `/api/auto/bq_task/${id}`)).data;
const openList = (form: string) => openListOf(app, page, form);

/** Seeds rows through the import call (one job, one transaction): 1,050 saves would only slow the test. */
async function importRows(form: string, rows: unknown[][]): Promise<void> {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const b = `----bq${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="rows.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from(`\r\n--${b}--\r\n`)]);
  const res = await app.server.app.inject({ method: 'POST', url: `/api/auto/${form}/importData?onlyParse=false`, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${b}` }, payload });
  const jobId = res.json().data.jobId as string;
  // settledJob, not expect.poll: this runs in beforeAll.
  const job = await settledJob(async () => (await call('GET', `/api/jobs/${jobId}`)).data, { intervalMs: 200 });
  if (job.status !== 'done') throw new Error(`import ${job.status}`);
}

const dialog = () => page.locator('.ant-modal', { has: page.locator('.ant-modal-title', { hasText: '批量修改' }) });
const confirmBox = () => page.locator('.ant-modal-confirm');

beforeAll(async () => {
  ({ app, page, token, api: call } = await startAdminSession({ timeout: 15_000 }));
  await call('POST', '/api/flowable/form', FORM);
  await call('POST', '/api/flowable/form', NONE);
  for (const t of ['一号任务', '二号任务', '三号任务']) ids.push((await call('POST', '/api/auto/bq_task/add', { formName: 'bq_task', data: { title: t } })).data.id);
  await call('POST', '/api/auto/bq_none/add', { formName: 'bq_none', data: { rows: [] } });
  await call('POST', '/api/flowable/form', BIG);
  // Every row has a 完成人 but the seventh: setting 完成 on the whole search refuses that one.
  await importRows('bq_big', [['标题', '完成人'], ...Array.from({ length: BIG_ROWS }, (_, i) => [`大批${i + 1}`, i === 6 ? '' : '钱七'])]);
  await addFormMenus(app, FORM, NONE, BIG);
});
afterAll(async () => {
  await app?.close();
});

describe('批量修改', () => {
  it('offers the editable fields only, confirms with the row count and shows the result in the list', async () => {
    await openList('bq_task');
    for (const id of ids.slice(0, 2)) await page.locator(`[data-row-key="${id}"] [aria-label="选择"]`).check();
    await page.getByRole('button', { name: '批量修改' }).click();
    await dialog().waitFor();
    for (const label of ['标题', '负责人', '状态', '完成人']) await item(dialog(), label).waitFor();
    // Sub-forms and disabled fields are not offered.
    expect(await dialog().locator('.ant-formily-item-label', { hasText: /^(明细|编号)$/ }).count()).toBe(0);
    await fill(dialog(), '负责人', '王五');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-batch-edit.png` });
    await dialog().getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => confirmBox().textContent()).toContain('本次操作将影响2行数据, 请确认！');
    await confirmBox().getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    await expect.poll(() => page.locator(`[data-row-key="${ids[0]}"]`).textContent()).toContain('王五');
    await expect.poll(() => page.locator(`[data-row-key="${ids[1]}"]`).textContent()).toContain('王五');
    expect(await page.locator(`[data-row-key="${ids[2]}"]`).textContent()).not.toContain('王五');
    expect((await record(ids[0])).version).toBe(2);
  });

  it('applies to the whole search when nothing is selected, and lists refused records without writing any', async () => {
    await openList('bq_task');
    await page.locator(`[data-row-key="${ids[2]}"]`).waitFor();
    await page.getByRole('button', { name: '批量修改' }).click();
    await dialog().waitFor();
    await choose(page, '状态', '完成');
    await dialog().getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => confirmBox().textContent()).toContain('本次操作将影响3行数据, 请确认！');
    await confirmBox().getByRole('button', { name: /确\s*定/ }).click();
    // No record has a 完成人, which 完成 requires: each is refused and nothing is written.
    const refused = page.locator('[data-testid="batch-refused"] li');
    await expect.poll(() => refused.count()).toBe(3);
    expect(await refused.first().textContent()).toContain('「完成人」：完成人不能为空');
    for (const id of ids) expect((await record(id)).state ?? null).toBeNull();
    await page.keyboard.press('Escape');
  });

  it('runs a search of more than 1,000 rows as a job: confirms the real count, shows progress, then the result, and refreshes the list', async () => {
    await openList('bq_big');
    await expect.poll(() => page.locator('[data-testid="list-total"]').textContent()).toContain(`共 ${BIG_ROWS} 条`);
    await page.getByRole('button', { name: '批量修改' }).click();
    await dialog().waitFor();
    expect(await dialog().locator('.ant-radio-wrapper-checked').textContent()).toContain(`当前查询的全部${BIG_ROWS}行`);
    await fill(dialog(), '负责人', '陈十');
    await dialog().getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => confirmBox().textContent()).toContain(`本次操作将影响${BIG_ROWS}行数据, 请确认！`);
    await confirmBox().getByRole('button', { name: /确\s*定/ }).click();
    // The job's progress shows in the dialog (as an import's does) until it ends.
    await dialog().locator('[data-testid="batch-progress"] .ant-progress').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-batch-edit-job.png` });
    await page.locator('.ant-message', { hasText: `操作成功，已修改${BIG_ROWS}行数据` }).waitFor({ timeout: 60_000 });
    await dialog().waitFor({ state: 'detached' });
    // The list shows the new values without a reload.
    await expect.poll(() => page.locator('[data-testid="record-list"] [role="row"][data-row-key]').first().textContent()).toContain('陈十');
    const changed = await call('POST', '/api/auto/bq_big/list', { pageNum: 1, pageSize: 1, searchConList: [{ enName: 'owner', title: '陈十', searchType: 'equal' }] });
    expect(changed.total).toBe(BIG_ROWS);
  }, 120_000);

  it('reports the refused record of a job over a large search, and writes none', async () => {
    await openList('bq_big');
    await expect.poll(() => page.locator('[data-testid="list-total"]').textContent()).toContain(`共 ${BIG_ROWS} 条`);
    await page.getByRole('button', { name: '批量修改' }).click();
    await dialog().waitFor();
    await choose(page, '状态', '完成');
    await dialog().getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => confirmBox().textContent()).toContain(`本次操作将影响${BIG_ROWS}行数据, 请确认！`);
    await confirmBox().getByRole('button', { name: /确\s*定/ }).click();
    await dialog().locator('[data-testid="batch-progress"]').waitFor();
    const refused = page.locator('[data-testid="batch-refused"] li');
    await expect.poll(() => refused.count(), { timeout: 60_000 }).toBe(1);
    expect(await refused.first().textContent()).toContain('「完成人」：完成人不能为空');
    expect(await page.locator('.ant-modal-confirm-title').last().textContent()).toBe('1行数据未能修改，本次未作任何修改：完成人不能为空');
    const tenant = await app.server.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
    const done = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(`t_${tenant.id}`, 'bq_big')} WHERE state IS NOT NULL`.execute(app.server.db);
    expect(done.rows[0].n).toBe(0);
    await page.locator('.ant-modal-confirm').getByRole('button').last().click();
    // The dialog stays open with the values, for another try.
    await cancelDialog(page, dialog());
  }, 120_000);

  it('says 没有可修改的信息 for a form without editable fields', async () => {
    await openList('bq_none');
    await page.getByRole('button', { name: '批量修改' }).click();
    await dialog().locator('.ant-alert', { hasText: '没有可修改的信息' }).waitFor();
  });
});

describe('二维码 and the mobile page', () => {
  let link = '';

  it('shows the QR image and the /mmh5 link of the selected record; 复制链接 answers 复制成功', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await openList('bq_task');
    await page.locator(`[data-row-key="${ids[0]}"] [aria-label="选择"]`).check();
    await page.getByRole('button', { name: '二维码' }).click();
    const qr = page.locator('[data-testid="qr-dialog"]');
    await qr.locator('img[alt="二维码"]').waitFor();
    link = (await qr.locator('[data-testid="qr-link"]').textContent()) ?? '';
    expect(link).toBe(`${app.url}/mmh5?formName=bq_task&formId=${ids[0]}&tenant=DEFAULT`);
    await qr.getByText('复制链接').click();
    await page.locator('.ant-message', { hasText: '复制成功' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-qr-dialog.png` });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  it('opens the same dialog from a qrCode column\'s cell, for that row\'s record', async () => {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await openList('bq_task');
    const cell = page.locator(`[data-row-key="${ids[1]}"] [data-testid="qr-cell"]`);
    await cell.click();
    const qr = page.locator('[data-testid="qr-dialog"]');
    await qr.locator('img[alt="二维码"]').waitFor();
    const own = `${app.url}/mmh5?formName=bq_task&formId=${ids[1]}&tenant=DEFAULT`;
    expect(await qr.locator('[data-testid="qr-link"]').textContent()).toBe(own);
    // Opening it selects nothing: the toolbar's 二维码 still needs a ticked row.
    expect(await page.locator(`[data-row-key="${ids[1]}"] [aria-label="选择"]`).isChecked()).toBe(false);
    await qr.getByText('复制链接').click();
    await page.locator('.ant-message', { hasText: '复制成功' }).last().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(own);
    await page.keyboard.press('Escape');
    await qr.waitFor({ state: 'detached' });
  });

  it('opens the record on a 390×844 phone screen, read-only, and saves an edit for a holder of edit', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    const view = page.locator('[data-testid="mobile-record"]');
    await view.waitFor();
    expect(await view.getAttribute('data-mode')).toBe('detail');
    await expect.poll(() => view.textContent()).toContain('一号任务');
    expect(await view.textContent()).toContain('王五');
    // One column, no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await item(view, '标题').locator('input').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mobile-record.png` });
    await page.getByRole('button', { name: /编\s*辑/ }).click();
    await expect.poll(() => page.locator('[data-testid="mobile-record"]').getAttribute('data-mode')).toBe('edit');
    await fill(page.locator('[data-testid="mobile-record"]'), '负责人', '赵六');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    await expect.poll(async () => (await record(ids[0])).owner).toBe('赵六');
  });

  it('shows the record read-only, without 编辑 and without 批量修改 in the list, to a user who may only view it', async () => {
    const role = await call('POST', '/api/system/role', { roleName: '任务查看', roleKey: 'bq_viewer', permissions: ['auto:bq_task:query'] });
    const dept = await app.server.db.selectFrom('depts').innerJoin('tenants', 'tenants.id', 'depts.tenant_id').select('depts.id').where('tenants.code', '=', 'DEFAULT').orderBy('depts.id').executeTakeFirstOrThrow();
    await call('POST', '/api/system/user', { userName: 'bq_viewer', nickName: '查看员', password: 'secret123', deptId: dept.id, roleIds: [role.data.roleId] });
    const viewer = await app.server.login('DEFAULT', 'bq_viewer', 'secret123');
    await useToken(app, page, viewer);
    await page.goto(link);
    const view = page.locator('[data-testid="mobile-record"]');
    await expect.poll(() => view.textContent()).toContain('赵六');
    expect(await view.textContent()).toContain('只读');
    expect(await page.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList('bq_task');
    await page.locator(`[data-row-key="${ids[0]}"]`).waitFor();
    expect(await page.getByRole('button', { name: '二维码' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '批量修改' }).count()).toBe(0);
    await useToken(app, page, token);
  });

  it('refuses a link of another company and a malformed link', async () => {
    await page.goto(link.replace('tenant=DEFAULT', 'tenant=T2'));
    await page.locator('.ant-result', { hasText: '该记录不属于当前登录的租户' }).waitFor();
    await page.goto(`${app.url}/mmh5?formName=bq_task&formId=abc&tenant=DEFAULT`);
    await page.locator('.ant-result', { hasText: '二维码地址错误' }).waitFor();
  });

  it('raised no console error on any page (but the refused batch\'s expected 400)', () => {
    const errors = app.errors.filter((e) => !e.includes('status of 400'));
    expect(errors, errors.join('\n')).toEqual([]);
    expect(app.errors.length - errors.length).toBe(1);
  });

  it('sends a visitor who is not signed in to sign in first', async () => {
    await page.context().clearCookies();
    await page.goto(link);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toContain('/mmh5?formName=bq_task');
  });

  it('lands on the record\'s address, query kept, once the visitor signs in (not on the home page)', async () => {
    await chooseTenant(page, '华建工程有限公司');
    await page.getByPlaceholder('账号').fill('admin');
    await page.getByPlaceholder('密码').fill(TEST_PASSWORD);
    // The sign-in's own answer first: a failure then names its status instead of a URL that did not change.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.url(), { timeout: 30_000 }).toBe(link);
  });
});
