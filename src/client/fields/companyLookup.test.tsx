import { createForm } from '@formily/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { pageSchema } from '../form/formSchema';
import { RecordFormView } from '../form/RecordFormView';
import { clearSession, sessionStore } from '../session/sessionStore';
import { loadSchemaComponents } from './registry';
import { TestFeedbackHost } from '../feedback/testFeedback';
import { until } from '../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const def: FormDefinition = { enName: 'demo', cnName: '演示', fields: [{ enName: 'company', label: '乙方单位', funcType: 'business' }] };
const ctx = { userId: 2, userName: 'staff', deptId: 1, roleKeys: [], roleNames: [] };
let statusAnswered = 0;
const server = setupServer(
  http.get('*/api/common/recognition/status', () => (statusAnswered++, HttpResponse.json({ code: 200, msg: '操作成功', data: { idCard: false, invoice: false, business: false, message: '识别服务未配置' } }))),
);
let root: Root;
let host: HTMLElement;

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  clearSession();
});

async function mount(roles: string[]) {
  sessionStore.set((s) => ({ ...s, roles }));
  const schema = pageSchema(def, { mode: 'add', ctx });
  await loadSchemaComponents(schema);
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <AntdApp>
          <TestFeedbackHost />
          <RecordFormView form={createForm()} schema={schema} info={{ formName: 'demo', mode: 'add', loaded: true, ctx, def, offline: true }} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
}


describe('企业信息查询 without a configured service (issue 27 item 12)', { timeout: 30_000 }, () => {
  it('an administrator is told the service is not configured', async () => {
    await mount(['admin']);
    await until(() => host.textContent?.includes('企业信息查询') ?? false);
    expect(host.textContent).toContain('企业信息查询：识别服务未配置');
  });

  it('staff see the plain input and no word about the service', async () => {
    // Counted before the mount: the status may be answered while it renders. (Counted after it, the
    // old loop waited its whole 10 s for an answer that had come, then asserted anyway.)
    const before = statusAnswered;
    await mount(['common']);
    await until(() => host.querySelector('input') !== null && statusAnswered > before);
    // Let the answer render.
    await act(async () => {});
    expect(host.querySelector('input')).not.toBeNull();
    expect(host.textContent).not.toContain('识别服务未配置');
  });
});
