import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../session/buildRoutes';
import { breadcrumbTrail } from './breadcrumbTrail';

const list = { path: '/auto/contract_ledger', breadcrumb: ['业务表单', '合同台账'] } as RouteDef;
const users = { path: '/system/user', breadcrumb: ['系统管理', '用户管理'] } as RouteDef;
const routeAt = (path: string) => [list, users].find((r) => r.path === path);

describe('breadcrumbTrail', () => {
  it('gives menu pages their trail and the index page only 首页', () => {
    expect(breadcrumbTrail('/index', '', routeAt)).toEqual(['首页']);
    expect(breadcrumbTrail('/system/user', 'menuId=3', routeAt)).toEqual(['首页', '系统管理', '用户管理']);
  });

  it('gives form pages the trail of their list plus the verb of the page', () => {
    expect(breadcrumbTrail('/auto/contract_ledger/add', '', routeAt)).toEqual(['首页', '业务表单', '合同台账', '新增']);
    expect(breadcrumbTrail('/auto/contract_ledger/add', 'copyId=4', routeAt)).toEqual(['首页', '业务表单', '合同台账', '新增']);
    expect(breadcrumbTrail('/auto/contract_ledger/12', '', routeAt)).toEqual(['首页', '业务表单', '合同台账', '编辑']);
    expect(breadcrumbTrail('/auto/contract_ledger/detail12', '', routeAt)).toEqual(['首页', '业务表单', '合同台账', '查看']);
    expect(breadcrumbTrail('/auto/contract_ledger/12', 'taskId=t1', routeAt)).toEqual(['首页', '业务表单', '合同台账', '审批']);
    expect(breadcrumbTrail('/auto/contract_ledger/12', 'processInstanceId=p1', routeAt)).toEqual(['首页', '业务表单', '合同台账', '查看']);
  });

  it('places the task, instance and print-template pages under their list (issue 27 item 8)', () => {
    const todo = { path: '/flow/todo', breadcrumb: ['流程审批', '我的待办'] } as RouteDef;
    const forms = { path: '/system/form', breadcrumb: ['系统管理', '表单配置'] } as RouteDef;
    const withMenus = (path: string) => [todo, forms].find((r) => r.path === path);
    expect(breadcrumbTrail('/flow/task/12', '', withMenus)).toEqual(['首页', '流程审批', '我的待办', '审批']);
    expect(breadcrumbTrail('/system/form/print/contract_ledger', '', withMenus)).toEqual(['首页', '系统管理', '表单配置', '打印模版']);
    // 我发起的 not granted as a menu: its name still says where the page belongs.
    expect(breadcrumbTrail('/flow/instance/3', '', withMenus)).toEqual(['首页', '我发起的', '流程详情']);
  });

  it('names pages outside the menu, and a form without a menu by its verb alone', () => {
    expect(breadcrumbTrail('/preview', '', routeAt)).toEqual(['首页', '表单预览']);
    expect(breadcrumbTrail('/user/profile', '', routeAt)).toEqual(['首页', '个人中心']);
    expect(breadcrumbTrail('/auto/other_form/add', '', routeAt)).toEqual(['首页', '新增']);
  });
});
