import { createForm } from '@formily/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { pageSchema } from '../form/formSchema';
import { RecordFormView } from '../form/RecordFormView';
import { loadSchemaComponents } from './registry';
import { TestFeedbackHost } from '../feedback/testFeedback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const def: FormDefinition = {
  enName: 'orders',
  cnName: '订单',
  fields: [
    { enName: 'title', label: '单号', funcType: 'input' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [
      { enName: 'item', label: '品名', funcType: 'input', required: true },
      { enName: 'qty', label: '数量', funcType: 'number' },
    ] },
  ],
};
const ctx = { userId: 1, userName: 'admin', deptId: 1, roleKeys: ['admin'], roleNames: [] };

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
});

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function mount(mode: 'add' | 'detail', values: Record<string, unknown> = {}) {
  const form = createForm({ initialValues: values });
  const schema = pageSchema(def, { mode, ctx });
  await loadSchemaComponents(schema);
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <ConfigProvider locale={zhCN}>
          <AntdApp>
            <TestFeedbackHost />
            <RecordFormView form={form} schema={schema} info={{ formName: 'orders', mode, loaded: true, ctx, def, offline: true }} />
          </AntdApp>
        </ConfigProvider>
      </QueryClientProvider>,
    );
  });
  return form;
}

const table = () => host.querySelector<HTMLTableElement>('table[aria-label="明细"]')!;
const headers = () => Array.from(table().querySelectorAll('th')).map((th) => th.textContent);
const bodyRows = () => Array.from(table().querySelectorAll('tbody tr.fw-subform-row'));
const cellTexts = () => bodyRows().map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
const button = (name: string, within: ParentNode = host) =>
  Array.from(within.querySelectorAll<HTMLButtonElement>('button')).find((b) => b.getAttribute('aria-label') === name || b.textContent === name)!;
const click = (el: Element) => act(async () => { el.dispatchEvent(new MouseEvent('click', { bubbles: true })); });
const itemValues = () => bodyRows().map((tr) => tr.querySelectorAll('input')[0].value);

describe('sub-form table', () => {
  it('an empty sub-form shows its column headers and 暂无数据; 添加 adds a numbered row of inputs', async () => {
    const form = await mount('add');
    expect(headers()).toEqual(['序号', '品名', '数量', '操作']);
    expect(table().querySelector('th:nth-child(2)')!.className).toMatch(/required/);
    expect(table().querySelector('th:nth-child(3)')!.className).not.toMatch(/required/);
    expect(table().querySelector('tbody')!.textContent).toContain('暂无数据');
    expect(button('查看明细')).toBeUndefined();
    await click(button('添加'));
    expect(cellTexts().map((r) => r[0])).toEqual(['1']);
    await act(async () => type(bodyRows()[0].querySelector('input')!, '钢材'));
    expect(form.values.lines).toEqual([expect.objectContaining({ item: '钢材' })]);
    expect(table().querySelector('tbody')!.textContent).not.toContain('暂无数据');
    expect(button('查看明细')).toBeDefined();
  });

  it('rows move up and down and are deleted; the first row cannot go up nor the last down', async () => {
    const form = await mount('add', { lines: [{ item: 'A' }, { item: 'B' }, { item: 'C' }] });
    expect(itemValues()).toEqual(['A', 'B', 'C']);
    expect(button('上移', bodyRows()[0]).disabled).toBe(true);
    expect(button('下移', bodyRows()[2]).disabled).toBe(true);
    await click(button('下移', bodyRows()[0]));
    expect(itemValues()).toEqual(['B', 'A', 'C']);
    await click(button('上移', bodyRows()[2]));
    expect(itemValues()).toEqual(['B', 'C', 'A']);
    await vi.waitFor(() => expect((form.values.lines as { item: string }[]).map((r) => r.item)).toEqual(['B', 'C', 'A']));
    await click(button('删除行', bodyRows()[1]));
    await vi.waitFor(() => expect(itemValues()).toEqual(['B', 'A']));
    expect(cellTexts().map((r) => r[0])).toEqual(['1', '2']);
  });

  it('a required cell left empty shows its message in that cell', async () => {
    const form = await mount('add', { lines: [{ item: 'A' }, { qty: 2 }] });
    await act(async () => { await form.validate().catch(() => undefined); });
    const [first, second] = bodyRows();
    expect(first.textContent).not.toContain('品名不能为空');
    expect(second.querySelectorAll('td')[1].textContent).toContain('品名不能为空');
  });

  it('past 20 rows a pager appears; the last page follows removals back to page 1', async () => {
    const lines = Array.from({ length: 21 }, (_, i) => ({ item: `行${i + 1}` }));
    await mount('add', { lines });
    expect(bodyRows()).toHaveLength(20);
    // The pager is its own chunk: let it load inside act, as React wants for a suspended lazy component.
    await act(async () => { await import('./SubFormPager'); await new Promise((r) => setTimeout(r, 0)); });
    expect(host.querySelector('.ant-pagination li[title="2"]')).not.toBeNull();
    await click(host.querySelector('.ant-pagination li[title="2"]')!);
    expect(cellTexts().map((r) => r[0])).toEqual(['21']);
    expect(itemValues()).toEqual(['行21']);
    await click(button('删除行', bodyRows()[0]));
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(itemValues()[0]).toBe('行1');
    expect(host.querySelector('.ant-pagination')).toBeNull();
  });

  it('detail mode: values as text, no row operations, no 添加, no required marks', async () => {
    await mount('detail', { lines: [{ item: '钢材', qty: 3 }] });
    expect(headers()).toEqual(['序号', '品名', '数量']);
    expect(table().querySelector('th.required, th[class*="required"]')).toBeNull();
    expect(cellTexts()).toEqual([['1', '钢材', '3']]);
    expect(host.querySelectorAll('table input').length).toBe(0);
    expect(button('添加')).toBeUndefined();
    expect(button('删除行')).toBeUndefined();
  });
});
