/**
 * A flow form's record pages in Chromium (issue 18): a user who holds only list:root starts an
 * approval from the `?from=flow` add page (no 暂存: stashing needs add); the record then opens
 * read-only (审批中的数据不能修改), and its detail page shows the approval panel with the history
 * and the link to the diagram; 我的待办 finds its task by search.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBpmn } from '../../src/server/flows/engine/writeBpmn';
import { startAdminSession } from './support/adminSession';
import { TEST_PASSWORD, type BrowserApp } from './support/browserApp';
import { api, fill, useToken, useUser } from './support/formActions';

const FORM = 'flow_leave_b';
let app: BrowserApp;
let page: Page;
let admin: string;
let recordId = 0;

beforeAll(async () => {
  ({ app, page, token: admin } = await startAdminSession({ signedIn: false }));
  await api(app, admin, 'POST', '/api/flowable/form', { enName: FORM, cnName: '请假单', hasFlow: true, fields: [{ enName: 'title', label: '事由', funcType: 'input', required: true }] });
  const xml = writeBpmn('leave', '请假审批', [
    { id: 'start', kind: 'start' }, { id: 'approve', kind: 'userTask', name: '主管审批', assigneeType: 'user', assignee: 'admin' }, { id: 'end', kind: 'end' },
  ], [{ id: 'f1', from: 'start', to: 'approve' }, { id: 'f2', from: 'approve', to: 'end' }]);
  await api(app, admin, 'POST', '/api/flowable/definition/deploy', { formName: FORM, xml });
  const role = (await api(app, admin, 'POST', '/api/system/role', { roleName: '流程发起', roleKey: 'flow_root_only', permissions: [`auto:${FORM}:list:root`] })).data.roleId;
  const dept = (await api(app, admin, 'GET', '/api/system/dept/list')).data[0].deptId;
  await api(app, admin, 'POST', '/api/system/user', { userName: 'rootonly', nickName: '发起人', password: TEST_PASSWORD, deptId: dept, roleIds: [role] });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('flow form record pages', () => {
  it('a list:root holder submits on the ?from=flow add page; the record then opens read-only', async () => {
    // The seed turns stashing on (sys.form.stash.enabled): an add holder gets 暂存 on this page.
    await useToken(app, page, admin);
    await page.goto(`${app.url}/auto/${FORM}/add?from=flow`);
    await page.getByRole('button', { name: '暂存' }).waitFor();
    await useUser(app, page, 'rootonly');
    const config = page.waitForResponse((r) => r.url().includes('/system/config/configKeys'));
    await page.goto(`${app.url}/auto/${FORM}/add?from=flow`);
    await config;
    await fill(page, '事由', '年假三天');
    // list:root alone may submit but not stash (the server's stash needs add).
    expect(await page.getByRole('button', { name: '暂存' }).count()).toBe(0);
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message', { hasText: '操作成功' }).last().waitFor();
    await expect.poll(() => page.url()).toMatch(new RegExp(`/auto/${FORM}/\\d+$`));
    recordId = Number(page.url().split('/').pop());
    await expect.poll(() => page.getByTestId('form-read-only').textContent()).toBe('审批中的数据不能修改');
    expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
  });

  it('the detail page shows the approval panel: status, history, diagram link', async () => {
    await useUser(app, page, 'admin');
    await page.goto(`${app.url}/auto/${FORM}/detail${recordId}`);
    const panel = page.getByTestId('record-flow-panel');
    await panel.waitFor();
    await expect.poll(() => panel.innerText()).toContain('审批中');
    expect(await panel.innerText()).toContain('发起人 提交');
    const inst = (await api(app, admin, 'GET', `/api/flowable/instance/record/${FORM}/${recordId}`)).data;
    expect(await panel.getByRole('link', { name: '流程图' }).getAttribute('href')).toBe(`/flow-pic?processInstanceId=${inst.instanceId}`);
  });

  it('我的待办 (TanStack table) searches and pages on the server; the title opens the task', async () => {
    await page.goto(`${app.url}/flow/todo`);
    await page.getByRole('columnheader', { name: '到达时间' }).waitFor();
    await page.getByLabel('搜索流程').fill('没有这种标题');
    await page.getByLabel('搜索流程').press('Enter');
    await page.getByText('暂无数据').waitFor();
    await page.getByLabel('搜索流程').fill('年假三天');
    await page.getByLabel('搜索流程').press('Enter');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => page.getByText('共 1 条').count()).toBe(1);
    expect(await page.locator('tbody tr').first().innerText()).toContain('主管审批');
    await page.getByRole('link', { name: '请假单：年假三天' }).or(page.locator('tbody a', { hasText: '年假三天' })).first().click();
    await page.getByRole('button', { name: '同意' }).waitFor();
  });
});
