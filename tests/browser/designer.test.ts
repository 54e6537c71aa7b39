/**
 * The form designer (/tool/build/index, issue 19) in Chromium: a form with a sub-form and a hide
 * condition built by dragging (a new field held over a half-width card shows its drop bar above the
 * card and lands there), previewed, saved via POST /api/flowable/form, its add page used.
 * Then its menu (offered after the first save) opens its list, where a record is added; a save
 * that drops stored data is confirmed, and a version is compared and restored.
 */
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browserApp';
import { api, choose, fill, item, useToken } from './support/formActions';

/** Set FW_SCREENSHOTS=1 to refresh this file's pictures in docs/screenshots/ (designer-*.png). */
const SHOTS = process.env.FW_SCREENSHOTS ? resolve(import.meta.dirname, '../../docs/screenshots') : undefined;

let app: BrowserApp;
let page: Page;
let token: string;

beforeAll(async () => {
  app = await startBrowserApp();
  page = await app.newPage();
  await page.setViewportSize({ width: 1800, height: 1000 });
  token = await app.server.login('DEFAULT');
  await useToken(app, page, token);
});
afterAll(async () => {
  await app?.close();
});

/** Drags with the mouse in small steps (dnd-kit's pointer sensor needs movement past 5 px); `end` drops on the target's bottom padding (a container: append). */
async function drag(from: Locator, to: Locator, end = false): Promise<void> {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  const b = (await to.boundingBox())!;
  const y = end ? b.y + b.height - 3 : b.y + b.height / 2;
  await page.mouse.move(b.x + b.width / 2, y - 2, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2, y, { steps: 2 });
  await page.mouse.up();
}

const palette = (label: string) => page.locator('.fw-palette-item', { hasText: new RegExp(`^${label}$`) });
const root = () => page.locator('[data-container="root"]').first();
const panel = () => page.locator('.fw-property-panel');
const cards = () => page.locator('[data-container="root"] > .fw-field-card');

/** Adds a field by dragging and names it in the property panel. */
async function addField(type: string, label: string, enName: string, into: Locator = root()): Promise<void> {
  const before = await page.locator('.fw-field-card').count();
  await drag(palette(type), into, true);
  await expect.poll(() => page.locator('.fw-field-card').count()).toBe(before + (type === '子表' ? 2 : 1));
  await panel().getByRole('textbox', { name: '字段名称' }).fill(label);
  await panel().getByRole('textbox', { name: '英文名' }).fill(enName);
  await expect.poll(() => page.locator(`.fw-field-card[data-field="${enName}"]`).count()).toBe(1);
}

describe('form designer', () => {
  it('builds a form with a sub-form and a hide condition by dragging, previews, saves it and adds a record through it', async () => {
    await page.goto(`${app.url}/tool/build/index`);
    await palette('单行文本').waitFor();
    // No shell around the designer.
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);

    await page.getByRole('tab', { name: '表单设置' }).click();
    await page.getByRole('textbox', { name: '表单名称' }).fill('设计器示例');
    await page.getByRole('textbox', { name: '表单英文名' }).fill('Bad Name');
    await expect.poll(() => page.locator('.fw-form-settings').textContent()).toContain('不合法');
    await page.getByRole('textbox', { name: '表单英文名' }).fill('designer_demo');

    await addField('单行文本', '客户名称', 'customer');
    // The naming rule, live.
    await panel().getByRole('textbox', { name: '英文名' }).fill('Customer');
    await expect.poll(() => panel().textContent()).toContain('不合法');
    await panel().getByRole('textbox', { name: '英文名' }).fill('customer');
    await panel().getByRole('switch', { name: '必填' }).click();

    await addField('下拉选择', '类型', 'kind');
    await addField('单行文本', '备注', 'remark');
    // The condition editor reports a parse error as you type, then accepts the fixed condition.
    const cond = panel().getByRole('textbox', { name: '隐藏条件' });
    await cond.fill('${kind} ==');
    await expect.poll(() => panel().locator('.fw-cond-error').count()).toBeGreaterThan(0);
    await cond.fill("${kind} == '2'");
    await expect.poll(() => panel().locator('.fw-cond-error').count()).toBe(0);
    expect(await panel().locator('.fw-cond-field').first().textContent()).toBe('${kind}');
    await panel().locator('.ant-segmented-item', { hasText: '半行 12' }).click();
    await expect.poll(() => page.locator('.fw-field-card[data-field="remark"]').evaluate((e) => (e as HTMLElement).style.gridColumn)).toContain('span 12');

    await addField('子表', '明细', 'items');
    await drag(palette('数字'), page.locator('[data-container="subForm"]').first(), true);
    await expect.poll(() => page.locator('[data-container="subForm"] .fw-field-card').count()).toBe(2);
    await panel().getByRole('textbox', { name: '字段名称' }).fill('数量');
    await panel().getByRole('textbox', { name: '英文名' }).fill('qty');

    await expect.poll(async () => (await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).join(',')).toBe('customer,kind,remark,items');
    // Reorder: drag 备注 before 客户名称.
    await drag(page.locator('.fw-field-card[data-field="remark"]'), page.locator('.fw-field-card[data-field="customer"]'));
    await expect.poll(async () => (await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).join(',')).toBe('remark,customer,kind,items');
    // Undo and redo the move (buttons and keys).
    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(async () => (await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).join(',')).toBe('customer,kind,remark,items');
    await page.locator('.fw-designer-bar h1').click();
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(async () => (await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).join(',')).toBe('remark,customer,kind,items');
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => (await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).join(',')).toBe('customer,kind,remark,items');

    // A new field (a full row) held over the right half of the half-width 备注, just above its
    // middle: the bar is drawn above 备注 (not beside it), and the field lands there, above 备注.
    const remark = page.locator('.fw-field-card[data-field="remark"]');
    const from = (await palette('数字').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
    const target = (await remark.boundingBox())!;
    await page.mouse.move(target.x + target.width * 0.75, target.y + target.height * 0.45, { steps: 12 });
    await expect.poll(() => remark.getAttribute('class')).toContain('fw-drop-before-y');
    await page.mouse.up();
    await expect.poll(async () => (await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).length).toBe(5);
    const order = await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
    expect([order[0], order[1], order[3], order[4]]).toEqual(['customer', 'kind', 'remark', 'items']);
    const added = cards().nth(2);
    // Waited for: the cards glide to their new places after the drop (dnd-kit's layout transition).
    await expect.poll(async () => {
      const [a, r] = [(await added.boundingBox())!, (await remark.boundingBox())!];
      return a.y + a.height <= r.y + 0.5;
    }).toBe(true);
    await added.getByRole('button', { name: /^删除/ }).click();
    await expect.poll(async () => (await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-field')))).join(',')).toBe('customer,kind,remark,items');

    // The live preview: 备注 hides when 类型 is 选项二, in every mode.
    const preview = page.locator('.fw-live-preview');
    await expect.poll(() => preview.locator('.ant-formily-item-label').allTextContents().then((t) => t.join('|'))).toContain('备注');
    await choose(page, '类型', '选项二');
    await expect.poll(() => item(preview, '备注').isVisible()).toBe(false);
    if (SHOTS) {
      await page.locator('.fw-field-card[data-field="remark"]').click();
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await page.screenshot({ path: `${SHOTS}/designer.png` });
    }
    for (const mode of ['编辑', '详情', '流程', '新增']) {
      await preview.locator('.ant-segmented-item', { hasText: mode }).click();
      await expect.poll(() => preview.locator('.ant-card-head-title').textContent()).toContain(`· ${mode}`);
    }

    // Save: a new form goes to POST /api/flowable/form, then the menu is offered.
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('保存成功');
    const menu = page.locator('.ant-modal', { hasText: '添加表单菜单' });
    await menu.waitFor();
    await expect.poll(() => menu.getByRole('textbox', { name: '菜单名称' }).inputValue()).toBe('设计器示例');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/designer-menu.png` });
    await menu.getByRole('button', { name: '添加菜单' }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('菜单已添加');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => page.url()).toContain('/tool/build/index?id=');

    const saved = (await api(app, token, 'GET', '/api/flowable/form/en/designer_demo')).data;
    expect(saved.cnName).toBe('设计器示例');
    expect(saved.fields.map((f: { enName: string }) => f.enName)).toEqual(['customer', 'kind', 'remark', 'items']);
    expect(saved.fields[2]).toMatchObject({ hideCondition: "${kind} == '2'", span: 12 });
    expect(saved.fields[3].children.map((c: { enName: string }) => c.enName)).toEqual(['input_1', 'qty']);
    expect(saved.fields[0].__key).toBeUndefined();

    // Its menu (top level, with its button permissions) is in the sidebar and opens its list; a record is added there.
    const menus = (await api(app, token, 'GET', '/api/system/menu/list')).data as { menuName: string; formName: string; perms: string; menuType: string }[];
    expect(menus.find((m) => m.formName === 'designer_demo')).toMatchObject({ menuName: '设计器示例', menuType: 'C', perms: 'auto:designer_demo:query' });
    expect(menus.filter((m) => m.perms.startsWith('auto:designer_demo:') && m.menuType === 'F').length).toBeGreaterThan(0);
    await page.getByRole('button', { name: '返回' }).click();
    const entry = page.locator('.ant-layout-sider .ant-menu-item', { hasText: '设计器示例' });
    await entry.click();
    await page.locator('[data-testid="record-list"][data-form="designer_demo"]').waitFor();
    await page.locator('.ant-layout-content').getByRole('button', { name: '新增', exact: true }).first().click();
    await item(page, '客户名称').waitFor();
    await fill(page, '客户名称', '上海客户');
    await page.getByRole('button', { name: /(^|\s)保\s*存$/ }).click();
    await expect.poll(async () => (await api(app, token, 'POST', '/api/auto/designer_demo/list', { pageNum: 1, pageSize: 10 })).rows.length, { timeout: 15_000 }).toBe(1);
    expect(app.errors).toEqual([]);
  });

  it('asks before leaving with unsaved changes and opens from 表单配置', async () => {
    const forms = (await api(app, token, 'GET', '/api/flowable/form/list')).rows as { id: number; enName: string }[];
    const id = forms.find((f) => f.enName === 'designer_demo')!.id;
    await page.goto(`${app.url}/system/form`);
    // Found by its name, as a user would: the demo forms fill more than the first page of 20.
    await page.getByPlaceholder('请输入表单名称或英文名').fill('designer_demo');
    await page.locator('tr', { hasText: 'designer_demo' }).getByRole('button', { name: '设计' }).click();
    await expect.poll(() => page.url()).toContain(`/tool/build/index?id=${id}`);
    await page.locator('.fw-field-card[data-field="customer"]').click();
    await panel().getByRole('textbox', { name: '字段名称' }).fill('客户');
    await page.getByRole('button', { name: '返回' }).click();
    const ask = page.locator('.ant-modal-confirm', { hasText: '未保存的修改' });
    await ask.waitFor();
    await ask.getByRole('button', { name: /留\s*下/ }).click();
    await expect.poll(() => page.url()).toContain('/tool/build/index');
    await page.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('button', { name: '返回' }).click();
    await expect.poll(() => page.url()).toContain('/system/form');
    expect(app.errors).toEqual([]);
  });
});

describe('designer versions', () => {
  it('confirms a save that drops stored data, shows a version diff and restores it', async () => {
    const forms = (await api(app, token, 'GET', '/api/flowable/form/list')).rows as { id: number; enName: string }[];
    const id = forms.find((f) => f.enName === 'designer_demo')!.id;
    await page.goto(`${app.url}/tool/build/index?id=${id}`);
    await page.locator('.fw-field-card[data-field="customer"]').waitFor();
    await page.locator('.fw-field-card[data-field="customer"]').getByRole('button', { name: '删除客户名称' }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const confirm = page.locator('.ant-modal', { hasText: '保存将影响已有数据' });
    await confirm.waitFor();
    await expect.poll(() => confirm.locator('.fw-data-change').count()).toBeGreaterThan(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/designer-data-changes.png` });
    await confirm.getByRole('button', { name: '确认保存' }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('保存成功');
    await page.getByRole('button', { name: '版本记录' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '版本记录' });
    await expect.poll(() => drawer.locator('.ant-list-item').count()).toBeGreaterThan(1);
    await drawer.locator('.ant-list-item', { hasNotText: '当前' }).first().getByRole('button', { name: '查看差异' }).click();
    await expect.poll(() => drawer.locator('.fw-diff').textContent()).toContain('客户名称');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/designer-versions.png` });
    await drawer.locator('.ant-list-item', { hasNotText: '当前' }).first().getByRole('button', { name: '恢复' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /恢\s*复/ }).click();
    await expect.poll(() => page.locator('.fw-field-card[data-field="customer"]').count()).toBe(1);
    expect(app.errors).toEqual([]);
  });
});
