/**
 * 工作日历 against msw answers: the default calendar shown, a holiday and a make-up day added and
 * saved as the body the server expects, a server refusal shown in its words, and no 保存 for a
 * user without system:calendar:edit.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WorkCalendarPage from './WorkCalendarPage';
import { freshRoot, renderInApp, testQueryClient } from '../../../testing/renderInApp';
import { sessionStore } from '../../../session/sessionStore';
import { until } from '../../../testing/until';
import { configureHttp } from '../../../api/httpConfig';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DEFAULT = { workDays: [1, 2, 3, 4, 5], periods: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '18:00' }], exceptions: [], utcOffsetMinutes: 480, saved: false };
const server = setupServer();
let saved: unknown[] = [];
let refuse: string | null = null;
/** What the HTTP client's error notifications said (the shell shows them as antd notifications). */
let notified: string[] = [];
let root: Root;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ feedback: { toast: (text) => notified.push(text), notify: (title) => notified.push(title), confirmRelogin: () => Promise.resolve() } });
});
afterAll(() => server.close());
beforeEach(() => {
  saved = [];
  refuse = null;
  notified = [];
  server.use(
    http.get('*/api/system/calendar', () => HttpResponse.json({ code: 200, msg: '操作成功', data: DEFAULT })),
    http.post('*/api/system/calendar', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (refuse) return HttpResponse.json({ code: 400, msg: refuse }, { status: 400 });
      saved.push(body);
      return HttpResponse.json({ code: 200, msg: '保存成功', data: { ...body, saved: true } });
    }),
  );
  root = freshRoot();
});
afterEach(async () => {
  await act(async () => root.unmount());
  server.resetHandlers();
});

async function mount(permissions: string[]) {
  sessionStore.set({ ready: true, roles: [], permissions, user: { userId: 1, userName: 'admin', nickName: '管理员', deptId: 1, roleNames: [] } as never });
  await renderInApp(root, <WorkCalendarPage />, { queryClient: testQueryClient() });
  await until(() => document.querySelector('input[aria-label="时段1开始"]'));
}

const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text)!;
const box = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
const checkedDays = () => [...document.querySelectorAll<HTMLInputElement>('.ant-checkbox-wrapper')].filter((w) => w.querySelector<HTMLInputElement>('input')!.checked).map((w) => w.textContent);

async function type(label: string, value: string) {
  const input = box(label);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (el: Element) => act(async () => (el as HTMLElement).click());
const radio = (row: number, text: string) => [...document.querySelectorAll('.ant-radio-wrapper')].filter((w) => w.textContent === text)[row].querySelector('input')!;

describe('工作日历', () => {
  it('shows the default and saves a holiday and a make-up working day', async () => {
    await mount(['system:calendar:edit']);
    expect(document.body.textContent).toContain('尚未设置，当前为默认日历');
    expect(document.body.textContent).toContain('UTC+08:00');
    expect(checkedDays()).toEqual(['周一', '周二', '周三', '周四', '周五']);
    expect([box('时段1开始').value, box('时段1结束').value, box('时段2开始').value, box('时段2结束').value]).toEqual(['09:00', '12:00', '13:00', '18:00']);

    await click(button('添加例外日期'));
    await type('例外1日期', '2026-10-01');
    await type('例外1名称', '国庆节');
    await click(button('添加例外日期'));
    await type('例外2日期', '2026-10-10');
    await click(radio(1, '调休上班'));
    await type('时段2结束', '17:30');
    await click(button('保存'));
    await until(() => saved.length === 1);
    expect(saved[0]).toEqual({
      workDays: [1, 2, 3, 4, 5],
      periods: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:30' }],
      exceptions: [
        { date: '2026-10-01', working: false, name: '国庆节' },
        { date: '2026-10-10', working: true, name: null },
      ],
      utcOffsetMinutes: 480,
    });
    await until(() => document.body.textContent?.includes('保存成功'));
  });

  it("asks for well-formed times, and shows the server's refusal", async () => {
    await mount(['system:calendar:edit']);
    await type('时段1开始', '9点');
    await click(button('保存'));
    await until(() => document.body.textContent?.includes('时间格式为 HH:mm'));
    expect(saved).toHaveLength(0);
    await type('时段1开始', '11:00');
    refuse = '工作时段须按时间先后排列且不重叠';
    await type('时段1结束', '14:00');
    await click(button('保存'));
    await until(() => notified.includes('工作时段须按时间先后排列且不重叠'));
    expect(saved).toHaveLength(0);
    expect(document.body.textContent).not.toContain('保存成功');
  });

  it('has no 保存 for a user who may only look', async () => {
    await mount(['system:calendar:query']);
    expect(button('保存')).toBeUndefined();
  });
});
