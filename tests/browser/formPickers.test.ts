/**
 * The pickers of the form pages in Chromium (spec 01 §2.6, §4; issue 7 §3): the 用户选择 dialog's
 * keyword search (nick names with their departments, frozen users only with 显示已冻结), multiple
 * selection with dedupe, the 已选中N个用户 count and removal; the department selector as a
 * cascader (single and multiple) and as a select of the user's own departments (`parentOrg`);
 * the date pickers (antd's own, ADR 0412): one click opens the panel; the selects: one click opens
 * the dropdown, and after a pick in one cascader one click opens the next, which stays open.
 * A form with these fields is created through the form-design API for the test.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browserApp';
import { api, item, useToken } from './support/formActions';

const FORM = 'picker_demo';
const DEF = {
  enName: FORM,
  cnName: '选择器演示',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', maxLength: 30, span: 12 },
    { enName: 'members', label: '参与人员', funcType: 'user', multiple: true, span: 12 },
    { enName: 'owner_dept', label: '归口部门', funcType: 'dept', span: 12 },
    { enName: 'joint_depts', label: '协办部门', funcType: 'dept', multiple: true, span: 12 },
    { enName: 'own_dept', label: '本部门', funcType: 'dept', parentOrg: true, span: 12 },
    { enName: 'due', label: '截止日期', funcType: 'dateStamp', format: 'yyyy-MM-dd', span: 12 },
    { enName: 'period', label: '执行期间', funcType: 'dateRange', format: 'yyyy-MM-dd', span: 12 },
    { enName: 'arrive', label: '到达时间', funcType: 'timeOnly', format: 'HH:mm:ss', span: 12 },
    { enName: 'stage', label: '阶段', funcType: 'select', selectMode: 0, options: [{ label: '立项', value: 'start' }, { label: '验收', value: 'done' }], span: 12 },
  ],
};

let app: BrowserApp;
let page: Page;
let token: string;
let staffToken: string;
const depts = new Map<string, number>();

const call = <T = any>(method: string, url: string, body?: unknown, t = token) => api<T>(app, t, method, url, body);

function walk(nodes: { id: number; label: string; children?: any[] }[]): void {
  for (const n of nodes) { depts.set(n.label, n.id); walk(n.children ?? []); }
}

async function openAdd(): Promise<void> {
  await page.goto(`${app.url}/auto/${FORM}/add`);
  await item(page, '标题').waitFor();
}

async function openPicker(label: string): Promise<Locator> {
  await item(page, label).getByRole('button', { name: '选择用户' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '用户选择' });
  await dialog.waitFor();
  return dialog;
}

async function search(dialog: Locator, keyword: string): Promise<void> {
  const box = dialog.getByPlaceholder('请输入关键词搜索');
  await box.fill(keyword);
  await box.press('Enter');
}

const selectedPanel = (dialog: Locator) => dialog.locator('.ant-col').last();

/**
 * Watches the multiple cascader's menu (the one with checkboxes) frame by frame from the first call
 * (made before the click that opens it):
 * 'open' once it has been shown for 30 frames in a row (half a second at 60 Hz, longer on a busy
 * machine), 'closed' as soon as it leaves or hides after having been shown, 'opening' until then.
 */
function multiMenuStaysOpen(): Promise<string> {
  return page.evaluate(() => {
    const w = window as unknown as { __multiMenu?: { frames: number; closed: boolean } };
    if (!w.__multiMenu) {
      const state = { frames: 0, closed: false };
      w.__multiMenu = state;
      const shown = () => {
        const menu = [...document.querySelectorAll<HTMLElement>('.ant-cascader-dropdown')].find((d) => d.querySelector('.ant-cascader-checkbox'));
        return !!menu && menu.getClientRects().length > 0 && !/-leave|-hidden/.test(menu.className);
      };
      const tick = () => {
        if (shown()) state.frames += 1;
        else if (state.frames > 0) state.closed = true;
        if (!state.closed && state.frames < 30) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }
    const s = w.__multiMenu;
    return s.closed ? 'closed' : s.frames >= 30 ? 'open' : 'opening';
  });
}

async function saveAndRead(): Promise<Record<string, any>> {
  const before = (await call('POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 1000 })).total as number;
  await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
  await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
  await expect.poll(async () => (await call('POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 1000 })).total).toBe(before + 1);
  const rows = (await call('POST', `/api/auto/${FORM}/list`, { pageNum: 1, pageSize: 1000 })).rows as Record<string, any>[];
  return rows.reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
}

beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
  token = await app.server.login('DEFAULT');
  staffToken = await app.server.login('DEFAULT', 'staff').catch(() => '');
  await useToken(app, page, token);
  await call('POST', '/api/flowable/form', DEF);
  walk((await call('GET', '/api/system/dept/treeselect')).data);
  // Two users named alike in different departments, one of them frozen.
  await call('POST', '/api/system/user', { userName: 'wangfang', nickName: '王芳', password: 'admin123', deptId: depts.get('财务部'), status: '0' });
  await call('POST', '/api/system/user', { userName: 'wangfang2', nickName: '王芳芳', password: 'admin123', deptId: depts.get('技术质量部'), status: '1' });
});
afterAll(async () => {
  await app?.close();
});

describe('user picker 用户选择', () => {
  it('keyword search shows nick names with their departments; frozen users only with 显示已冻结', async () => {
    await openAdd();
    const dialog = await openPicker('参与人员');
    // The search follows the typing (debounced 200 ms, spec 01 §9): no Enter needed.
    await dialog.getByPlaceholder('请输入关键词搜索').pressSequentially('王芳', { delay: 50 });
    const results = dialog.locator('.fw-user-search .ant-list-item');
    await expect.poll(() => results.allTextContents()).toEqual(['王芳财务部']);
    await dialog.getByRole('switch', { name: '显示已冻结' }).click();
    await expect.poll(async () => (await results.allTextContents()).sort()).toEqual(['王芳芳技术质量部', '王芳财务部']);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('multiple selection: duplicates dropped, 已选中N个用户 counts, entries removed, the choice saved', async () => {
    await openAdd();
    const dialog = await openPicker('参与人员');
    await search(dialog, '王芳');
    const results = dialog.locator('.fw-user-search .ant-list-item');
    await results.filter({ hasText: '王芳财务部' }).click();
    // Clicking the same user again keeps one entry.
    await results.filter({ hasText: '王芳财务部' }).click();
    await expect.poll(() => selectedPanel(dialog).locator('.ant-list-item').allTextContents()).toEqual(['王芳']);
    await search(dialog, '张工');
    await results.filter({ hasText: '张工' }).click();
    await search(dialog, '刘洋');
    await results.filter({ hasText: '刘洋' }).click();
    await expect.poll(() => selectedPanel(dialog).textContent()).toContain('已选中3个用户');
    await dialog.getByRole('button', { name: '移除刘洋' }).click();
    await expect.poll(() => selectedPanel(dialog).textContent()).toContain('已选中2个用户');
    await expect.poll(() => selectedPanel(dialog).locator('.ant-list-item').allTextContents()).toEqual(['王芳', '张工']);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => item(page, '参与人员').textContent()).toContain('王芳');
    await item(page, '标题').locator('input').fill('多选用户');
    const row = await saveAndRead();
    const ids = (await call('POST', '/api/system/user/byFilter', { pageNum: 1, pageSize: 50 })).rows as { userId: number; nickName: string }[];
    const idOf = (n: string) => ids.find((u) => u.nickName === n)!.userId;
    expect([...row.members].map(Number).sort()).toEqual([idOf('王芳'), idOf('张工')].sort());
  });
});

describe('department selector', () => {
  it('a cascader over the tree (single: any level; multiple) and the chosen ids are saved', async () => {
    await openAdd();
    await item(page, '标题').locator('input').fill('部门级联');
    await item(page, '归口部门').locator('.ant-select-selector').click();
    const menus = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
    await menus.nth(0).locator('.ant-cascader-menu-item').first().click();
    await menus.nth(1).locator('.ant-cascader-menu-item', { hasText: '工程管理部' }).click();
    await menus.nth(2).locator('.ant-cascader-menu-item', { hasText: '项目二部' }).click();
    await expect.poll(() => item(page, '归口部门').textContent()).toContain('项目二部');

    // Issue 29 item 3: the next cascader is clicked at once, as a user does (the first one's menu may
    // still be leaving), and its menu must stay open by itself, not close within half a second.
    expect(await multiMenuStaysOpen()).toBe('opening');
    await item(page, '协办部门').locator('.ant-select-selector').click();
    await expect.poll(() => multiMenuStaysOpen(), { timeout: 10_000 }).toBe('open');
    const multi = page.locator('.ant-cascader-dropdown:visible', { has: page.locator('.ant-cascader-checkbox') }).locator('.ant-cascader-menu');
    await multi.nth(0).locator('.ant-cascader-menu-item-content').first().click();
    await multi.nth(1).locator('.ant-cascader-menu-item', { hasText: '财务部' }).locator('.ant-cascader-checkbox').click();
    await multi.nth(1).locator('.ant-cascader-menu-item', { hasText: '人力资源部' }).locator('.ant-cascader-checkbox').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => item(page, '协办部门').locator('.ant-select-selection-item').allTextContents()).toEqual(['财务部', '人力资源部']);

    const row = await saveAndRead();
    expect(Number(row.owner_dept)).toBe(depts.get('项目二部'));
    expect([...row.joint_depts].map(Number).sort()).toEqual([depts.get('财务部'), depts.get('人力资源部')].sort());
  });

  it('limited to the current department (parentOrg): a select of the user’s department and those below', async () => {
    // The administrator belongs to the company itself, so every department is offered; 张工 (项目一部) gets only his own.
    if (staffToken) {
      const own = (await call('GET', '/api/system/dept/currentUser/subList', undefined, staffToken)).data as { deptName: string }[];
      expect(own.map((d) => d.deptName).join()).toContain('项目一部');
    }
    await openAdd();
    await item(page, '标题').locator('input').fill('本部门选择');
    await item(page, '本部门').locator('.ant-select-selector').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: '财务部' }).first().click();
    await expect.poll(() => page.locator('.ant-cascader-dropdown:visible').count()).toBe(0);
    const row = await saveAndRead();
    expect(Number(row.own_dept)).toBe(depts.get('财务部'));
  });
});

describe('date pickers', () => {
  let savedId = 0;
  const panel = (range = false) => page.locator(`.ant-picker-dropdown${range ? '.ant-picker-dropdown-range' : ':not(.ant-picker-dropdown-range)'}:visible`);
  const day = (range: boolean, n: string) => panel(range).locator('.ant-picker-cell-in-view').getByText(n, { exact: true }).first();

  it('one click opens the calendar and a click on a day fills the field; the range opens at the input clicked', async () => {
    await openAdd();
    await item(page, '标题').locator('input').fill('日期选择');
    const due = item(page, '截止日期');
    await expect(due.getByPlaceholder('请选择日期').count()).resolves.toBe(1);
    await expect(page.locator('.ant-picker-dropdown').count()).resolves.toBe(0);
    await due.locator('input').click();
    await day(false, '10').click();
    await expect.poll(() => due.locator('input').inputValue()).toMatch(/^\d{4}-\d{2}-10$/);
    await expect.poll(() => panel().count()).toBe(0);

    const period = item(page, '执行期间');
    await period.getByPlaceholder('结束日期').click();
    await panel(true).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('结束日期');
    await page.keyboard.press('Escape');
    await period.getByPlaceholder('开始日期').click();
    await day(true, '3').click();
    await day(true, '12').click();
    await expect.poll(() => period.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
      expect.stringMatching(/-03$/),
      expect.stringMatching(/-12$/),
    ]);

    const arrive = item(page, '到达时间');
    await arrive.getByPlaceholder('请选择时间').click();
    const time = panel();
    await time.locator('.ant-picker-time-panel-column').first().locator('.ant-picker-time-panel-cell').nth(9).click();
    await time.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => arrive.locator('input').inputValue()).toMatch(/^09:\d{2}:\d{2}$/);

    const row = await saveAndRead();
    savedId = Number(row.id);
    expect(row.due).toBe(await due.locator('input').inputValue());
    expect(String(row.arrive)).toMatch(/^09:/);
  });

  it('the ✕ of a saved date clears it without opening the picker, and a click then opens it', async () => {
    await page.goto(`${app.url}/auto/${FORM}/${savedId}`);
    const due = item(page, '截止日期');
    await expect.poll(() => due.locator('input').inputValue()).toMatch(/-10$/);
    await due.hover();
    await due.locator('.ant-picker-clear').click();
    await expect.poll(() => due.locator('input').inputValue()).toBe('');
    await expect(page.locator('.ant-picker-dropdown:visible').count()).resolves.toBe(0);
    // The next click still opens the calendar at once.
    await due.locator('input').click();
    await day(false, '11').click();
    await expect.poll(() => due.locator('input').inputValue()).toMatch(/-11$/);
  });
});

describe('selects', () => {
  let savedId = 0;
  const dropdown = () => page.locator('.ant-select-dropdown:visible');

  it('one click opens the dropdown and a click on an option picks it', async () => {
    await openAdd();
    await item(page, '标题').locator('input').fill('下拉选择');
    const stage = item(page, '阶段');
    await stage.locator('.ant-select').waitFor();
    await expect(stage.locator('.ant-select-selection-item').count()).resolves.toBe(0);
    await expect(page.locator('.ant-select-dropdown').count()).resolves.toBe(0);
    await stage.locator('.ant-select-selector').click();
    await dropdown().locator('.ant-select-item-option', { hasText: '验收' }).click();
    await expect.poll(() => stage.locator('.ant-select-selection-item').textContent()).toBe('验收');
    await expect.poll(() => dropdown().count()).toBe(0);
    const own = item(page, '本部门');
    await own.locator('.ant-select-selector').click();
    await dropdown().locator('.ant-select-item-option', { hasText: '财务部' }).first().click();
    await expect.poll(() => own.locator('.ant-select-selection-item').textContent()).toBe('财务部');
    const row = await saveAndRead();
    savedId = Number(row.id);
    expect(row.stage).toBe('done');
    expect(Number(row.own_dept)).toBe(depts.get('财务部'));
  });

  it('✕ clears a saved choice without opening the dropdown', async () => {
    await page.goto(`${app.url}/auto/${FORM}/${savedId}`);
    const again = item(page, '本部门');
    await expect.poll(() => again.locator('.ant-select-selection-item').textContent()).toBe('财务部');
    await again.hover();
    await again.locator('.ant-select-clear').click();
    await expect.poll(() => again.locator('.ant-select-selection-placeholder').count()).toBe(1);
    await expect(dropdown().count()).resolves.toBe(0);
  });
});

describe('console', () => {
  it('no console errors', () => {
    expect(app.errors).toEqual([]);
  });
});
