/** 抄送我的 and 催办 in 我发起的 (issue 30 item 2), against msw answers shaped like the API's. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import FlowListPage from './FlowListPage';
import { TestFeedbackHost } from '../../feedback/testFeedback';
import { until } from '../../testing/until';
import { configureHttp } from '../../api/httpConfig';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = (rows: unknown[]) => HttpResponse.json({ code: 200, msg: '查询成功', total: rows.length, rows });
const urged: unknown[] = [];
let urgeAnswer: { status: number; body: { code: number; msg: string } } = { status: 200, body: { code: 200, msg: '已催办 2 个待办任务' } };
const server = setupServer(
  http.get('*/api/flowable/task/ccList', () => page([
    { ccId: 5, instanceId: 9, nodeName: '抄送复核', formName: 'f', recordId: 1, title: '报销单：差旅', status: 'running', starterName: '张三', createTime: '2026-11-28T08:00:00.000Z' },
  ])),
  http.get('*/api/flowable/task/myProcess', () => page([
    { instanceId: 11, formName: 'f', recordId: 1, title: '报销单：进行中', status: 'running', version: 1, currentNodes: '主管审批', createTime: '2026-11-28T08:00:00.000Z', endTime: null },
    { instanceId: 12, formName: 'f', recordId: 2, title: '报销单：已完成', status: 'completed', version: 1, currentNodes: '', createTime: '2026-11-27T08:00:00.000Z', endTime: '2026-11-27T09:00:00.000Z' },
  ])),
  http.post('*/api/flowable/task/urge', async ({ request }) => {
    urged.push(await request.json());
    return HttpResponse.json(urgeAnswer.body, { status: urgeAnswer.status });
  }),
);

let root: Root;
/** What the shell's feedback would show for a refused call (its antd notification). */
const notified: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ feedback: { confirmRelogin: () => Promise.resolve(), toast: (text) => notified.push(text), notify: (title) => notified.push(title) } });
});
afterAll(() => server.close());
afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
});

async function mount(kind: 'cc' | 'started'): Promise<void> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <AntdApp>
          <TestFeedbackHost />
          <FlowListPage kind={kind} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
}

const rowText = (title: string) => [...document.querySelectorAll('tr')].find((tr) => tr.textContent?.includes(title));

describe('flow lists', () => {
  it('抄送我的 shows each copy with its CC step, starter and the request\'s status', async () => {
    await mount('cc');
    const row = await until(() => rowText('报销单：差旅'));
    expect(document.body.textContent).toContain('抄送节点');
    expect(row.textContent).toContain('抄送复核');
    expect(row.textContent).toContain('张三');
    expect(row.textContent).toContain('审批中');
  });

  it('我发起的 offers 催办 on running requests only; the answer or the refusal is shown', async () => {
    await mount('started');
    const running = await until(() => rowText('报销单：进行中'));
    expect(rowText('报销单：已完成')!.textContent).not.toContain('催办');
    const link = [...running.querySelectorAll('a')].find((a) => a.textContent === '催办')!;
    await act(async () => link.click());
    await until(() => urged.length === 1);
    expect(urged).toEqual([{ instanceId: 11 }]);
    await until(() => document.body.textContent?.includes('已催办 2 个待办任务'));
    urgeAnswer = { status: 429, body: { code: 429, msg: '每个任务每小时只能催办一次，请 60 分钟后再试' } };
    await act(async () => link.click());
    await until(() => notified.includes('每个任务每小时只能催办一次，请 60 分钟后再试'));
    expect(urged).toHaveLength(2);
  });
});
