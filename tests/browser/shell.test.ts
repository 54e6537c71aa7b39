import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseTenant, signIn, TEST_PASSWORD, type BrowserApp } from './support/browserApp';
import { useSignedOutPage } from './support/adminSession';
import { openGroup, openMenu, searchMenu, tabMenu, tabTitles, tokenOf, userMenu } from './support/shellActions';

let app: BrowserApp;
let page: Page;
useSignedOutPage((s) => ({ app, page } = s));

/** The server's menu for `tenant`: top-level groups with the titles of their visible pages. */
async function serverMenu(tenant: string): Promise<{ group: string; titles: string[] }[]> {
  const token = await app.server.login(tenant);
  const res = await app.server.request({ method: 'GET', url: '/api/getRouters', token });
  type Entry = { meta: { title: string }; hidden: boolean; children?: Entry[] };
  const leaves = (entries: Entry[]): string[] =>
    entries.flatMap((e) => (e.children?.length ? leaves(e.children) : e.hidden ? [] : [e.meta.title]));
  // Top-level pages (消息中心) are sidebar items, not groups.
  return (res.json().data as Entry[]).filter((g) => g.children?.length).map((g) => ({ group: g.meta.title, titles: leaves(g.children ?? []) }));
}

describe('application shell in Chromium', () => {
  it('signs in per tenant and shows that tenant and its menus', async () => {
    for (const [code, name] of [
      ['DEFAULT', '华建工程有限公司'],
      ['T2', '宏远建设集团'],
    ]) {
      await signIn(page, app.url, name);
      // Signed in, the sign-in page sends you home, and an unknown page is a 404.
      await page.goto(`${app.url}/login`);
      await page.waitForURL(/\/index$/);
      await page.goto(`${app.url}/no/such/page`);
      await page.waitForURL(/\/404$/);
      await page.goto(`${app.url}/index`);
      await page.getByLabel('用户菜单').waitFor();
      await expect.poll(() => page.locator('header, .ant-layout').getByText(name).first().isVisible()).toBe(true);
      const groups = await serverMenu(code);
      expect(groups.map((g) => g.group)).toContain('系统管理');
      const sider = page.locator('.ant-layout-sider');
      await expect.poll(() => sider.locator('.ant-menu-submenu-title').allTextContents()).toEqual(groups.map((g) => g.group));
      for (const { group, titles } of groups) {
        await sider.locator('.ant-menu-submenu-title', { hasText: group }).click();
        const shown = sider.locator('.ant-menu-submenu-open .ant-menu-item');
        await expect.poll(() => shown.allTextContents()).toEqual(titles);
        // Unique-opened: opening a group closes the others.
        await expect.poll(() => sider.locator('.ant-menu-submenu-open').count()).toBe(1);
      }
      await userMenu(page, '退出登录');
      await page.getByText('确定注销并退出系统吗？').waitFor();
      await page.getByRole('button', { name: '确 定' }).or(page.getByRole('button', { name: '确定' })).click();
      await page.waitForURL(/\/login/);
    }
  });

  it('opens a generated form list from the business menu at /auto/{enName}?menuId=', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await openGroup(page, '业务表单');
    const first = page.locator('.ant-layout-sider .ant-menu-sub .ant-menu-item').filter({ visible: true }).last();
    const title = (await first.textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await first.click();
    await page.waitForURL(/\/auto\/[a-z][a-z0-9_]*\?menuId=\d+$/);
    await page.getByRole('tab', { name: title }).waitFor();
    await expect.poll(() => page.title()).toContain(title);
  });

  it('keeps the menu id in the address: the sidebar link, a reload and the tab keep the list on its menu; /auto/{form}/{id} is still the edit page', async () => {
    // A second menu over the same form: only the menu id in the address tells the two apart.
    const db = app.server.db;
    const tenant = await db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
    const own = await db.selectFrom('menus').selectAll().where('tenant_id', '=', tenant.id).where('form_name', '=', 'contract_ledger').where('menu_type', '=', 'C').orderBy('id').executeTakeFirstOrThrow();
    const second = await db
      .insertInto('menus')
      .values({ tenant_id: tenant.id, parent_id: own.parent_id, menu_name: '本部合同台账', route_name: 'AutoContractLedgerHq', path: '/auto/contract_ledger', component: 'Auto', menu_type: 'C', perms: own.perms, icon: 'form', order_num: 99, form_name: 'contract_ledger' })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const listCall = (menuId: number) =>
        page.waitForRequest((r) => r.url().endsWith('/api/auto/contract_ledger/list') && (r.postDataJSON() as { menuId?: number }).menuId === menuId);
      await signIn(page, app.url, '华建工程有限公司');
      // Wait for the group to finish sliding open: a click on a moving item is lost under load.
      await openGroup(page, '业务表单');
      const sider = page.locator('.ant-layout-sider');
      let call = listCall(second.id);
      await sider.locator('.ant-menu-item', { hasText: '本部合同台账' }).click();
      await page.waitForURL(`${app.url}/auto/contract_ledger?menuId=${second.id}`);
      await call;
      await page.getByRole('tab', { name: '本部合同台账' }).waitFor();
      // A reload (or the pasted link) is still that menu's list, not the first menu's nor the add page.
      call = listCall(second.id);
      await page.reload();
      await call;
      await page.getByRole('tab', { name: '本部合同台账' }).waitFor();
      await expect.poll(() => sider.locator('.ant-menu-item-selected').textContent()).toBe('本部合同台账');
      await expect.poll(() => page.locator('.ant-breadcrumb').textContent()).toContain('本部合同台账');
      // The other menu over the same form is another tab, with its own menu id. After the reload
      // the group opens again with a slide: wait for it, as above.
      await openGroup(page, '业务表单');
      call = listCall(own.id);
      await sider.locator('.ant-menu-item', { hasText: /^合同台账$/ }).click();
      await page.waitForURL(`${app.url}/auto/contract_ledger?menuId=${own.id}`);
      await call;
      await expect.poll(() => tabTitles(page)).toEqual(['首页', '本部合同台账', '合同台账']);
      // Back on the first tab the address carries its menu id again; refresh keeps it.
      await page.getByRole('tab', { name: '本部合同台账' }).click();
      await page.waitForURL(`${app.url}/auto/contract_ledger?menuId=${second.id}`);
      call = listCall(second.id);
      await tabMenu(page, '本部合同台账', '刷新页面');
      await call;
      await page.waitForURL(`${app.url}/auto/contract_ledger?menuId=${second.id}`);
      // The menu search goes to the menu's address too.
      await searchMenu(page, '本部合同');
      await page.locator('.ant-select-item-option', { hasText: '本部合同台账' }).click();
      await page.waitForURL(`${app.url}/auto/contract_ledger?menuId=${second.id}`);
      // /auto/{form}/{id} is the edit page of that record.
      const token = await app.server.login('DEFAULT');
      const [row] = (await app.server.request({ method: 'POST', url: '/api/auto/contract_ledger/list', token, body: { pageNum: 1, pageSize: 1 } })).json().rows as { id: number }[];
      const record = page.waitForRequest((r) => r.url().endsWith(`/api/auto/contract_ledger/${row.id}`));
      await page.goto(`${app.url}/auto/contract_ledger/${row.id}`);
      await record;
      await page.getByRole('tab', { name: '编辑合同台账' }).waitFor();
    } finally {
      await db.deleteFrom('menus').where('id', '=', second.id).execute();
    }
  });

  it('shows the server message for a wrong password and stays on sign-in', async () => {
    await page.goto(`${app.url}/login`);
    await chooseTenant(page, '华建工程有限公司');
    await page.getByPlaceholder('账号').fill('admin');
    await page.getByPlaceholder('密码').fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const notice = page.locator('.ant-notification-notice, .ant-message-notice').first();
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toMatch(/密码/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect.poll(() => tokenOf(page)).toBeUndefined();
  });

  it('asks for the captcha when the tenant switched it on, and signs in with the right answer', async () => {
    const token = await app.server.login('T2');
    const cfg = (await app.server.request({ method: 'GET', url: '/api/system/config/list', token, query: { configKey: 'sys.account.captchaEnabled' } })).json().rows[0];
    const set = (value: string) =>
      app.server.request({ method: 'POST', url: '/api/system/config/edit', token, body: { configId: cfg.configId, configName: cfg.configName, configKey: cfg.configKey, configValue: value } });
    expect((await set('true')).statusCode).toBe(200);
    try {
      await page.goto(`${app.url}/login`);
      await expect.poll(() => page.getByPlaceholder('验证码').count()).toBe(0);
      await chooseTenant(page, '宏远建设集团');
      await page.getByAltText('验证码').waitFor();
      await page.getByPlaceholder('账号').fill('admin');
      await page.getByPlaceholder('密码').fill('admin123');
      // The answer of the picture on screen: the only live captcha of this fresh database.
      const answer = async () => (await app.server.db.selectFrom('captchas').select('answer').orderBy('expire_time', 'desc').executeTakeFirstOrThrow()).answer;
      await page.getByPlaceholder('验证码').fill(`${await answer()}x`);
      const firstImage = await page.getByAltText('验证码').getAttribute('src');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.locator('.ant-notification-notice').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      // A failed attempt shows a new picture.
      await expect.poll(() => page.getByAltText('验证码').getAttribute('src')).not.toBe(firstImage);
      await page.getByPlaceholder('验证码').fill(await answer());
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.getByLabel('用户菜单').waitFor();
    } finally {
      await set('false');
    }
  });

  it('finds a page by a misspelt title in the menu search', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await searchMenu(page, '用护管理');
    const option = page.locator('.ant-select-item-option', { hasText: '系统管理 > 用户管理' });
    await option.waitFor();
    await option.click();
    await page.waitForURL(/\/system\/user\?menuId=\d+$/);
    await page.getByRole('tab', { name: '用户管理' }).waitFor();
  });

  it('opens tabs and closes current, others and all, and refreshes a tab', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await openMenu(page, '系统管理', '用户管理');
    await openMenu(page, '系统管理', '角色管理');
    await openMenu(page, '系统管理', '部门管理');
    await openMenu(page, '系统管理', '字典数据');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '部门管理', '字典数据']);
    // Closing the active tab goes to the last remaining one.
    await page.getByRole('tab', { name: '字典数据' }).getByLabel('关闭').click();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '部门管理']);
    await page.waitForURL(/\/system\/dept\?menuId=\d+$/);
    await tabMenu(page, '用户管理', '关闭当前');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理', '部门管理']);
    await tabMenu(page, '角色管理', '关闭其他');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
    await page.waitForURL(/\/system\/role\?menuId=\d+$/);
    // Refresh remounts the page, which asks the server again.
    const refetch = page.waitForRequest((r) => r.url().includes('/api/system/role/list'));
    await tabMenu(page, '角色管理', '刷新页面');
    await refetch;
    await page.waitForURL(/\/system\/role\?menuId=\d+$/);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
    // The index tab is pinned: its menu has no close entry and it survives close-all.
    await page.getByRole('tab', { name: '首页' }).click({ button: 'right' });
    await expect.poll(() => page.getByRole('menuitem', { name: '关闭当前' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: '全部关闭' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await page.waitForURL(/\/index$/);
  });

  it('keeps layout settings across a reload', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await expect.poll(() => page.getByRole('tab', { name: '首页' }).isVisible()).toBe(true);
    await userMenu(page, '布局设置');
    // Every switch is labelled in plain Chinese (issue 12: no 显示 Logo / 固定 Header / 开启 Tags-Views).
    const switches = page.locator('.ant-drawer', { hasText: '布局设置' }).getByRole('switch');
    await expect.poll(async () => Promise.all((await switches.all()).map((s) => s.getAttribute('aria-label')))).toEqual(['显示标志', '折叠菜单', '折叠流程', '固定页头', '开启标签页']);
    await page.getByRole('switch', { name: '开启标签页' }).click();
    await page.getByText('保存成功').first().waitFor();
    await expect.poll(() => page.getByRole('tab').count()).toBe(0);
    await page.reload();
    await page.getByLabel('用户菜单').waitFor();
    await expect.poll(() => page.getByRole('tab').count()).toBe(0);
    // Put it back for the other tests (and check it is saved the other way too).
    await userMenu(page, '布局设置');
    await page.getByRole('switch', { name: '开启标签页' }).click();
    await page.getByText('保存成功').first().waitFor();
    await page.reload();
    await page.getByRole('tab', { name: '首页' }).waitFor();
  });

  it('remembers a folded sidebar across a reload', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    const sider = page.locator('.ant-layout-sider');
    await page.getByLabel('收起菜单').click();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
    await page.reload();
    await page.getByLabel('展开菜单').waitFor();
    await expect.poll(() => sider.getAttribute('class')).toContain('ant-layout-sider-collapsed');
    await page.getByLabel('展开菜单').click();
    await expect.poll(() => sider.getAttribute('class')).not.toContain('ant-layout-sider-collapsed');
  });

  it('shows the re-login prompt once when the token was revoked', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    // The home page's own calls (modules, then the latest unread messages) finish before the token goes.
    await page.locator('.ant-card', { hasText: '我的消息' }).getByText('请完善个人资料').waitFor();
    const token = await tokenOf(page);
    const out = await app.server.request({ method: 'POST', url: '/api/logout', token });
    expect(out.statusCode).toBe(200);
    await openMenu(page, '系统管理', '用户管理');
    const dialog = page.locator('.ant-modal-confirm', { hasText: '登录状态已过期，请重新登录' });
    await dialog.waitFor();
    // The users screen made several calls at once; every one got a 401.
    await page.waitForLoadState('networkidle');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => dialog.locator('.ant-modal-confirm-title').textContent()).toBe('系统提示');
    const usersPage = new URL(page.url());
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL(/\/login/);
    // The sign-in page keeps the page the user was on, query included, and returns there.
    await expect.poll(() => new URL(page.url()).searchParams.get('redirect')).toBe(`${usersPage.pathname}${usersPage.search}`);
    expect(usersPage.search).toMatch(/menuId=\d+/);
    await chooseTenant(page, '华建工程有限公司');
    await page.getByPlaceholder('账号').fill('admin');
    await page.getByPlaceholder('密码').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => { const u = new URL(page.url()); return `${u.pathname}${u.search}`; }).toBe(`${usersPage.pathname}${usersPage.search}`);
  });

  it('with a stale token cookie, prompts once and sends the user to sign in', async () => {
    await page.context().addCookies([{ name: 'Admin-Token', value: 'stale-token-from-an-old-session', url: app.url }]);
    await page.goto(`${app.url}/system/user`);
    const dialog = page.locator('.ant-modal-confirm', { hasText: '登录状态已过期，请重新登录' });
    await dialog.waitFor();
    await page.waitForURL(/\/login/);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => page.locator('.ant-message-error').count()).toBe(0);
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
  });

  it('sends a user with a weak password to change it when the password check is on', async () => {
    const token = await app.server.login('DEFAULT');
    const cfg = (await app.server.request({ method: 'GET', url: '/api/system/config/list', token, query: { configKey: 'sys.password.check' } })).json().rows[0];
    const set = (value: string) =>
      app.server.request({ method: 'POST', url: '/api/system/config/edit', token, body: { configId: cfg.configId, configName: cfg.configName, configKey: cfg.configKey, configValue: value } });
    expect((await set('true')).statusCode).toBe(200);
    const created = await app.server.request({ method: 'POST', url: '/api/system/user', token, body: { userName: 'weakpw', nickName: '弱密码', password: '123456' } });
    expect(created.statusCode).toBe(200);
    try {
      await signIn(page, app.url, '华建工程有限公司', 'weakpw', '123456');
      const warning = page.locator('.ant-modal-confirm', { hasText: '请先修改密码' });
      await warning.waitFor();
      await page.waitForURL(/\/user\/profile\?tab=password$/);
      await warning.getByRole('button', { name: '去修改' }).click();
      await page.getByRole('tab', { name: '首页' }).click();
      await page.waitForURL(/\/user\/profile\?tab=password$/);
      await page.getByPlaceholder('请输入旧密码').fill('123456');
      await page.getByPlaceholder('请输入新密码').fill('Better2026');
      await page.getByPlaceholder('请确认新密码').fill('Better2026');
      await page.getByRole('button', { name: '保存' }).filter({ visible: true }).click();
      await page.getByText('修改成功').waitFor();
      await page.getByRole('tab', { name: '首页' }).click();
      await page.waitForURL(/\/index$/);
      await page.getByText('欢迎').waitFor();
    } finally {
      await set('false');
    }
  });

  it('draws the watermark (user name and phone) over the layout when 显示水印 is on, and none when off', async () => {
    const token = await app.server.login('DEFAULT');
    const cfg = (await app.server.request({ method: 'GET', url: '/api/system/config/list', token, query: { configKey: 'sys.show.watermark' } })).json().rows[0];
    const set = (value: string) =>
      app.server.request({ method: 'POST', url: '/api/system/config/edit', token, body: { configId: cfg.configId, configName: cfg.configName, configKey: cfg.configKey, configValue: value } });
    // antd's Watermark: a layer over its children with the text drawn as a repeated image.
    const mark = page.locator('div[style*="z-index: 2100"][style*="background-image"]');
    await signIn(page, app.url, '华建工程有限公司');
    await page.getByText('欢迎').waitFor();
    expect(await mark.count()).toBe(0);
    expect((await set('true')).statusCode).toBe(200);
    try {
      await page.reload();
      await mark.waitFor({ state: 'attached' });
      // The layout is inside it, rendered once.
      await expect.poll(() => page.locator('div:has(> div[style*="z-index: 2100"]) .ant-layout-sider').count()).toBe(1);
      await page.getByText('欢迎').waitFor();
    } finally {
      await set('false');
    }
  });

  it('adds a user and edits it on the users screen', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await openMenu(page, '系统管理', '用户管理');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '添加用户' });
    await dialog.getByPlaceholder('请输入用户昵称').fill('王测试');
    await dialog.getByPlaceholder('请输入用户名称').fill('wangce');
    await dialog.getByPlaceholder('请输入用户密码').fill('secret123');
    await dialog.getByPlaceholder('请输入手机号码').fill('13900001111');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    const row = page.locator('.ant-table-row', { hasText: 'wangce' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('王测试');
    await row.getByRole('button', { name: '修改' }).click();
    const edit = page.locator('.ant-modal', { hasText: '修改用户' });
    await edit.getByPlaceholder('请输入用户昵称').fill('王测试改');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('修改成功').waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'wangce' }).textContent()).toContain('王测试改');
  });

  it('saves a role with per-form permission strings and deletes it after confirmation', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await openMenu(page, '系统管理', '角色管理');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '添加角色' });
    await dialog.getByPlaceholder('请输入角色名称').fill('合同查看员');
    await dialog.getByPlaceholder('请输入权限字符').fill('contract_viewer');
    const row = dialog.locator('.ant-table-row', { hasText: '合同台账' });
    await row.getByRole('checkbox', { name: '查询' }).check();
    await row.getByRole('checkbox', { name: '导出' }).check();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    const token = await app.server.login('DEFAULT');
    const roles = (await app.server.request({ method: 'GET', url: '/api/system/role/list', token, query: { roleKey: 'contract_viewer' } })).json().rows;
    const saved = (await app.server.request({ method: 'GET', url: `/api/system/role/${roles[0].roleId}`, token })).json().data;
    expect([...saved.permissions].sort()).toEqual(['auto:contract_ledger:export', 'auto:contract_ledger:query']);
    await page.locator('.ant-table-row', { hasText: 'contract_viewer' }).getByRole('button', { name: '删除' }).click();
    await page.getByText(`是否确认删除角色编号为"${roles[0].roleId}"的数据项？`).waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('删除成功').waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'contract_viewer' }).count()).toBe(0);
  });

  it('adds a department under another and shows it in the users screen tree', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await openMenu(page, '系统管理', '部门管理');
    const parent = page.locator('.ant-table-row', { hasText: '工程管理部' }).first();
    await parent.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '添加部门' });
    await dialog.getByPlaceholder('请输入部门名称').fill('项目三部');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    await page.locator('.ant-table-row', { hasText: '项目三部' }).waitFor();
    await openMenu(page, '系统管理', '用户管理');
    await page.locator('.ant-tree-treenode', { hasText: '项目三部' }).waitFor();
  });

  it('edits the own profile in the personal centre and the header follows', async () => {
    await signIn(page, app.url, '宏远建设集团');
    await userMenu(page, '个人中心');
    await page.getByText('个人信息').waitFor();
    const nick = page.getByLabel('用户昵称');
    await expect.poll(() => nick.inputValue()).toBe('系统管理员');
    await nick.fill('宏远管理员');
    await page.getByRole('button', { name: '保存' }).filter({ visible: true }).click();
    await page.getByText('修改成功').waitFor();
    await expect.poll(() => page.getByLabel('用户菜单').textContent()).toContain('宏远管理员');
    await page.reload();
    await expect.poll(() => page.getByLabel('用户菜单').textContent()).toContain('宏远管理员');
  });

  it('adds a dictionary entry and edits it', async () => {
    await signIn(page, app.url, '华建工程有限公司');
    await openMenu(page, '系统管理', '字典数据');
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '添加字典数据' });
    await dialog.getByPlaceholder('请输入字典类型').fill('project_level');
    await dialog.getByPlaceholder('请输入数据标签').fill('重点项目');
    await dialog.getByPlaceholder('请输入数据键值').fill('A');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').waitFor();
    await page.getByLabel('字典标签').fill('重点');
    await page.getByRole('button', { name: '搜索' }).click();
    const row = page.locator('.ant-table-row', { hasText: 'project_level' });
    await row.waitFor();
    await row.getByRole('button', { name: '修改' }).click();
    const edit = page.locator('.ant-modal', { hasText: '修改字典数据' });
    await edit.getByPlaceholder('请输入数据标签').fill('重点项目（省级）');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('修改成功').waitFor();
    await expect.poll(() => row.textContent()).toContain('重点项目（省级）');
  });
});
