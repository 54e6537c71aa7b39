import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../api/types';
import { createMenuSearch } from '../controllers/menuSearch';
import { appScriptName } from '../controllers/versionCheck';
import { toQueryString } from '../api/queryString';
import { buildRoutes } from './buildRoutes';
import { joinPermissions, splitPermissions } from './permissionStrings';
import { DEFAULT_SETTINGS, mergeSettings } from './settingsStore';
import { fillPlaceholders } from './fillPlaceholders';
import { menuHref, menuIdFromSearch, menuQueryString, pageKey } from './menuQuery';
import { sidebarTitle } from './sidebarTitle';
import { formTabTitle, specialTabTitle } from './tabTitle';

const menus: MenuEntry[] = [
  {
    name: 'Menu1',
    path: '/system',
    component: 'Layout',
    meta: { title: '系统管理' },
    children: [
      { menuId: 11, name: 'User', path: '/system/user', component: 'system/user/index', meta: { title: '用户管理' } },
      { menuId: 12, name: 'Hidden', path: '/system/secret', component: 'system/secret/index', hidden: true, meta: { title: '隐藏页' } },
    ],
  },
  {
    name: 'Menu2',
    path: '/business',
    component: 'Layout',
    meta: { title: '业务表单' },
    children: [
      { menuId: 21, name: 'AutoContractLedger', path: '/auto/contract_ledger', component: 'Auto', meta: { title: '合同台账' }, ...{ formName: 'contract_ledger' } },
      { menuId: 22, name: 'Link', path: 'https://example.com/help', meta: { title: '帮助文档', link: 'https://example.com/help' } },
    ],
  },
  { name: 'Empty', path: '/empty', component: 'Layout', meta: { title: '空目录' }, children: [] },
];

describe('routes from the server menu', () => {
  const { routes, tree } = buildRoutes(menus);

  it('sends Auto entries to /auto/{enName}, others to their component, links stay external', () => {
    expect(routes.map((r) => [r.path, r.kind, r.target, r.menuId])).toEqual([
      ['/system/user', 'view', 'system/user/index', 11],
      ['/system/secret', 'view', 'system/secret/index', 12],
      ['/auto/contract_ledger', 'auto', 'contract_ledger', 21],
      ['https://example.com/help', 'external', 'https://example.com/help', 22],
    ]);
    expect(routes[0].name).toBe('user');
    // Spec 02 §2.1: the menu id is appended — as `?menuId=`, since `/auto/{form}/{id}` is the edit page.
    expect(routes.map((r) => r.href)).toEqual(['/system/user?menuId=11', '/system/secret?menuId=12', '/auto/contract_ledger?menuId=21', 'https://example.com/help']);
    expect(routes[2].key).toBe('/auto/contract_ledger?menuId=21');
    expect(routes[2].breadcrumb).toEqual(['业务表单', '合同台账']);
  });

  it('keeps hidden entries routable but out of the sidebar, and drops empty groups', () => {
    expect(tree.map((n) => n.title)).toEqual(['系统管理', '业务表单']);
    expect(tree[0].children?.map((n) => n.title)).toEqual(['用户管理']);
    expect(tree[0].children?.[0]).toMatchObject({ key: '/system/user?menuId=11', path: '/system/user?menuId=11' });
    expect(tree[1].children?.[1]).toMatchObject({ external: true, path: 'https://example.com/help' });
  });

  it('finds a page by a misspelt title or by its path, showing the breadcrumb', () => {
    const search = createMenuSearch(routes);
    expect(search('用护管理')[0]).toMatchObject({ label: '系统管理 > 用户管理', path: '/system/user?menuId=11' });
    expect(search('contract')[0]).toMatchObject({ label: '业务表单 > 合同台账' });
    expect(search('隐藏页')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });
});

describe('tab titles', () => {
  it('uses the verb of the page: add, edit, view on detail or flow view, approve on a task', () => {
    expect(formTabTitle({ cnName: '合同', mode: 'add' })).toBe('新增合同');
    expect(formTabTitle({ cnName: '合同', mode: 'edit' })).toBe('编辑合同');
    expect(formTabTitle({ cnName: '合同', mode: 'edit', detail: true })).toBe('查看合同');
    expect(formTabTitle({ cnName: '合同', mode: 'edit', processInstanceId: 'p1' })).toBe('查看合同');
    expect(formTabTitle({ cnName: '合同', mode: 'add', taskId: 't1' })).toBe('审批合同');
  });

  it('titles flow forms start / view / approve', () => {
    expect(formTabTitle({ cnName: '请款', mode: 'add', hasFlow: true })).toBe('发起请款');
    expect(formTabTitle({ cnName: '请款', mode: 'add', hasFlow: true, processInstanceId: 'p' })).toBe('查看请款');
    expect(formTabTitle({ cnName: '请款', mode: 'add', hasFlow: true, taskId: 't', processInstanceId: 'p' })).toBe('审批请款');
  });

  it('titles reports and the manual order form', () => {
    expect(specialTabTitle('/x/view-report', '产值')).toBe('查看产值报表');
    expect(specialTabTitle('/order-manage/form', '')).toBe('手工订单');
    expect(specialTabTitle('/order-manage/form/5', '', { id: '5' })).toBe('编辑订单');
    expect(specialTabTitle('/order-manage/form/detail/5', '', { id: '5', detail: 'detail' })).toBe('查看订单');
    expect(specialTabTitle('/system/user', '用户管理')).toBeUndefined();
    // 表单配置 › 打印模版 is its own tab, not a second 表单配置 one (issue 27 item 12).
    expect(specialTabTitle('/system/form/print/contract_ledger', '表单配置')).toBe('打印模版');
    expect(specialTabTitle('/system/form', '表单配置')).toBeUndefined();
  });
});

describe('small rules', () => {
  it('serialises GET params: nested key[sub], arrays by index, empties dropped, strings trimmed', () => {
    expect(toQueryString({ a: ' x ', b: '', c: null, d: { e: 1, f: ' ' }, g: [1, 2], h: 0, i: false })).toBe(
      'a=x&d%5Be%5D=1&g%5B0%5D=1&g%5B1%5D=2&h=0&i=false',
    );
  });

  it('merges stored settings over the defaults, ignoring wrong types and unknown keys', () => {
    expect(mergeSettings({ tagsView: false, theme: 42, bogus: 1 })).toEqual({ ...DEFAULT_SETTINGS, tagsView: false });
    expect(mergeSettings('nonsense')).toEqual(DEFAULT_SETTINGS);
  });

  it('splits and joins permission strings per form and action', () => {
    const perms = ['auto:contract:add', 'auto:contract:list:root', 'auto:contract:invalid', 'auto:contract:btn3', 'system:user:list', 'auto:other:add'];
    const split = splitPermissions(perms, ['contract']);
    // A custom button's permission is no checkbox of the matrix: it stays among the free strings.
    expect(split).toEqual({ byForm: { contract: ['add', 'list:root', 'invalid'] }, other: ['auto:contract:btn3', 'system:user:list', 'auto:other:add'] });
    expect(joinPermissions({ ...split.byForm, contract: ['query'] }, split.other)).toEqual(['auto:contract:query', 'auto:contract:btn3', 'system:user:list', 'auto:other:add']);
  });

  it('turns a menu query (JSON or a=b) into the search string of the route', () => {
    expect(menuQueryString('{"blank":true}')).toBe('?blank=true');
    expect(menuQueryString('noSidebar=1&x=2')).toBe('?noSidebar=1&x=2');
    expect(menuQueryString('')).toBe('');
    expect(menuQueryString(undefined)).toBe('');
  });

  it('appends the menu id to a menu page address and reads it back', () => {
    expect(menuHref('/auto/x', '{"noHeader":true}', 7)).toBe('/auto/x?noHeader=true&menuId=7');
    expect(menuHref('/auto/x', undefined, undefined)).toBe('/auto/x');
    expect(menuIdFromSearch('page=2&menuId=7')).toBe(7);
    expect(menuIdFromSearch('?menuId=7')).toBe(7);
    expect(menuIdFromSearch('menuId=abc')).toBeUndefined();
    expect(menuIdFromSearch('menuId=0')).toBeUndefined();
    expect(pageKey('/auto/x', 7)).toBe('/auto/x?menuId=7');
    expect(pageKey('/auto/x/12', undefined)).toBe('/auto/x/12');
  });

  it('titles the sidebar for staff, suppliers, and blank without roles', () => {
    const config = { 'sys.main.title': '主标题', 'sys.supplier.login.title': '供应商门户' };
    expect(sidebarTitle(['admin'], config)).toBe('主标题');
    expect(sidebarTitle(['supplier'], config)).toBe('供应商门户');
    expect(sidebarTitle(['ROLE_DEFAULT'], config)).toBe('');
  });

  it('fills new-window link placeholders from the user info', () => {
    expect(fillPlaceholders('https://x.example/a?u={userId}&p={phonenumber}&n={none}', { userId: 7, phonenumber: '138 0000' })).toBe(
      'https://x.example/a?u=7&p=138%200000&n=',
    );
  });

  it('frames same-window links inside the layout at /out-page/{menuId}', () => {
    const { routes, tree } = buildRoutes([
      { menuId: 5, path: 'https://bi.example/report', target: '_self', meta: { title: '报表', link: 'https://bi.example/report' } },
    ]);
    expect(routes[0]).toMatchObject({ path: '/out-page/5', kind: 'frame', target: 'https://bi.example/report' });
    expect(tree[0]).toMatchObject({ path: '/out-page/5' });
  });

  it('reads the app script name of a built page', () => {
    expect(appScriptName('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>')).toBe('/assets/index-AbC123.js');
    expect(appScriptName('<html></html>')).toBeUndefined();
  });
});

describe('password security flag', () => {
  it('forces the profile page only while a check is configured, and clears the flag otherwise', async () => {
    const { setNeedPerfect, mustChangePassword } = await import('./passwordFlag');
    setNeedPerfect(false);
    expect(mustChangePassword({ 'sys.password.check': 'true' })).toBe(false);
    setNeedPerfect(true);
    expect(mustChangePassword({ 'sys.password.check': 'true' })).toBe(true);
    expect(mustChangePassword({ 'sys.password.force.update': 'true' })).toBe(true);
    expect(mustChangePassword({ 'sys.password.check': 'false', 'sys.password.force.update': 'false' })).toBe(false);
    expect(mustChangePassword({ 'sys.password.check': 'true' })).toBe(false);
  });
});
