// Issue 27 item 8: the user picker's 确定 with nobody chosen says so where a choice is needed
// (转签, 加签, an empty user field) and stays open; elsewhere it confirms the empty choice.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import { NOBODY_CHOSEN, UserPickerDialog } from './UserPickerDialog';
import type { Selection } from './data/userSelection';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer(
  http.get('/api/system/dept/treeselect', () => HttpResponse.json({ code: 200, msg: '操作成功', data: [] })),
  http.post('/api/system/user/byFilter', () => HttpResponse.json({ code: 200, msg: '查询成功', total: 2, rows: [{ userId: 3, nickName: '李四', deptId: null }, { userId: 4, nickName: '李五', deptId: null }] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
beforeEach(() => {
  document.body.innerHTML = '';
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

async function open(props: { requireSelection?: boolean; initial?: Selection; exclude?: number[] }) {
  const oks: Selection[] = [];
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UserPickerDialog open multiple={false} initial={props.initial ?? []} requireSelection={props.requireSelection} exclude={props.exclude} onOk={(s) => oks.push(s)} onCancel={() => undefined} />
      </QueryClientProvider>,
    );
  });
  return oks;
}

const okButton = () => Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s/g, '') === '确定')!;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;

describe('用户选择 确定', () => {
  it('with nobody chosen where a choice is needed: says 请选择用户 and does not confirm', async () => {
    const oks = await open({ requireSelection: true });
    expect(alertText()).toBeUndefined();
    await act(async () => okButton().click());
    expect(alertText()).toBe(NOBODY_CHOSEN);
    expect(oks).toEqual([]);
    expect(document.body.textContent).toContain('用户选择');
  });

  it('removing the only chosen user and confirming a field that had one clears it (no warning)', async () => {
    const oks = await open({ initial: [{ userId: 3, nickName: '李四' }] });
    await act(async () => document.querySelector<HTMLButtonElement>('button[aria-label="移除李四"]')!.click());
    await act(async () => okButton().click());
    expect(alertText()).toBeUndefined();
    expect(oks).toEqual([[]]);
  });
});

describe('用户选择 exclude', () => {
  it('leaves out the users given (转签 / 加签: those who already have a say in the node entry)', async () => {
    await open({ requireSelection: true, exclude: [3] });
    const box = document.querySelector<HTMLInputElement>('input[placeholder="请输入关键词搜索"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, '李');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await until(() => document.querySelector('.fw-user-search')?.textContent?.includes('李五'));
    expect(document.querySelector('.fw-user-search')!.textContent).not.toContain('李四');
  });
});
