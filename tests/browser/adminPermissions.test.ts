/**
 * Spec 02 §6: elements requiring a permission are removed when the user holds none of them.
 * The seeded staff role may list departments but not add, edit or delete them; admin may.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, type BrowserApp } from './support/browserApp';
import { useSignedOutPage } from './support/adminSession';
import { openMenu } from './support/shellActions';
import { api } from './support/formActions';

let app: BrowserApp;
let page: Page;
useSignedOutPage((s) => ({ app, page } = s));

/** Buttons named `name` anywhere in the departments screen. */
function buttons(p: Page, name: string) {
  return p.locator('.ant-layout-content').getByRole('button', { name, exact: true });
}

describe('administration buttons follow permissions', () => {
  it('staff sees the department tree without 新增 / 修改 / 删除', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await openMenu(page, '系统管理', '部门管理');
    await page.locator('.ant-table-row', { hasText: '工程管理部' }).first().waitFor();
    await expect.poll(() => buttons(page, '新增').count()).toBe(0);
    await expect.poll(() => buttons(page, '修改').count()).toBe(0);
    await expect.poll(() => buttons(page, '删除').count()).toBe(0);
    // The screen still offers what the role may do: search.
    await expect.poll(() => buttons(page, '搜索').count()).toBe(1);
  });

  it('admin sees them on the same screen', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'admin');
    await openMenu(page, '系统管理', '部门管理');
    await page.locator('.ant-table-row', { hasText: '工程管理部' }).first().waitFor();
    await expect.poll(() => buttons(page, '新增').count()).toBeGreaterThan(1);
    await expect.poll(() => buttons(page, '修改').count()).toBeGreaterThan(0);
    await expect.poll(() => buttons(page, '删除').count()).toBeGreaterThan(0);
  });
});

describe('pages a user may not open (issue 26 item 7)', () => {
  it('staff opening an admin page sees 无权限 at that address; an unknown address is 404', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await page.goto(`${app.url}/system/menu`);
    await page.locator('.ant-result-title', { hasText: '无权限' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/system/menu');
    await page.getByRole('button', { name: '返回首页' }).waitFor();
    // 打印模版 of a form needs the 表单配置 permissions too.
    await page.goto(`${app.url}/system/form/print/contract_ledger`);
    await page.locator('.ant-result-title', { hasText: '无权限' }).waitFor();
    await page.goto(`${app.url}/no/such/page`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  });

  it('a page the user holds opens by its address', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await page.goto(`${app.url}/system/dept`);
    await page.locator('.ant-table-row', { hasText: '工程管理部' }).first().waitFor();
    expect(await page.locator('.ant-result-title', { hasText: '无权限' }).count()).toBe(0);
  });
});


describe('form pages a user may not open (issue 26 item 7)', () => {
  /** The 无权限 page at `path`, the address kept, and none of the form's own screen. */
  async function forbiddenAt(path: string, sub = '抱歉，您没有访问该页面的权限，请联系管理员开通。') {
    await page.goto(`${app.url}${path}`);
    await page.locator('.ant-result-title', { hasText: '无权限' }).waitFor();
    await page.getByText(sub).waitFor();
    const at = new URL(page.url());
    expect(at.pathname + at.search).toBe(path);
    expect(await page.locator('.ant-table, .ant-formily-item').count()).toBe(0);
  }

  it('staff opening the list, add, edit or detail page of a form they hold no right to sees 无权限', async () => {
    // A form of the tenant with a record, whose rights the staff role was never given.
    const admin = await app.server.login('DEFAULT');
    await api(app, admin, 'POST', '/api/flowable/form', { enName: 'secret_ledger', cnName: '机密台账', fields: [{ enName: 'title', label: '标题', funcType: 'input' }] });
    const id = (await api(app, admin, 'POST', '/api/auto/secret_ledger/add', { data: { title: '机密记录一' } })).data.id;
    // A list is the page reached with a menu id; the staff's own list menu lends one.
    const menu = await app.server.db.selectFrom('menus').innerJoin('tenants', 'tenants.id', 'menus.tenant_id').select('menus.id')
      .where('tenants.code', '=', 'DEFAULT').where('menus.path', '=', '/auto/contract_ledger').executeTakeFirstOrThrow();
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    await forbiddenAt(`/auto/secret_ledger?menuId=${menu.id}`);
    await forbiddenAt('/auto/secret_ledger/add');
    await forbiddenAt('/auto/secret_ledger');
    await forbiddenAt(`/auto/secret_ledger/${id}`);
    await forbiddenAt(`/auto/secret_ledger/detail${id}`);
    await forbiddenAt(`/auto/secret_ledger/add?copyId=${id}`);
    expect(await page.getByText('机密记录一').count()).toBe(0);
  });

  it('a record the tenant does not hold is 无权限 too; an unknown form is the 404 page', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    // Each tenant numbers its own records: an id beyond this tenant's rows is another's or none.
    await forbiddenAt('/auto/contract_ledger/detail987654', '该记录不存在，或不属于您所在的单位。');
    await forbiddenAt('/auto/contract_ledger/987654', '该记录不存在，或不属于您所在的单位。');
    await page.goto(`${app.url}/auto/no_such_form/detail1`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  });

  it('a form page the user holds still opens', async () => {
    await signIn(page, app.url, '华建工程有限公司', 'staff');
    const admin = await app.server.login('DEFAULT');
    const first = (await api(app, admin, 'POST', '/api/auto/contract_ledger/list', { pageSize: 1 })).rows[0];
    await page.goto(`${app.url}/auto/contract_ledger/detail${first.id}`);
    await page.locator('.ant-formily-item-label').first().waitFor();
    expect(await page.locator('.ant-result-title', { hasText: '无权限' }).count()).toBe(0);
  });
});
