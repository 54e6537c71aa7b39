/** The layout designer: palette of the form's fields, the page canvas, numbers in the property panel, and saving the layout. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../../../../schema-adapters';
import type { PrintTemplateInput } from '../../../../api/print';
import LayoutDesigner from './LayoutDesigner';
import { until } from '../../../../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const server = setupServer(http.post('/api/auto/pl_order/list', () => HttpResponse.json({ code: 200, msg: '查询成功', rows: [{ id: 5, order_no: 'SO1' }], total: 1 })));
let root: Root;
let host: HTMLElement;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => { host = document.createElement('div'); document.body.appendChild(host); root = createRoot(host); });
afterEach(() => { act(() => root.unmount()); host.remove(); server.resetHandlers(); });


const definition: FormDefinition = {
  enName: 'pl_order', cnName: '订单', fields: [
    { enName: 'order_no', label: '订单号', funcType: 'input' },
    { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }] },
  ],
};
const value: PrintTemplateInput = {
  formName: 'pl_order', name: '版式', paper: 'A4', orientation: 'portrait', marginTop: 15, marginRight: 15, marginBottom: 15, marginLeft: 15, header: '', footer: '', body: '',
  layout: { version: 1, paper: 'A4', orientation: 'portrait', headerHeight: 20, footerHeight: 15, elements: [{ id: 'e1', kind: 'field', band: 'body', x: 20, y: 30, w: 70, h: 8, field: 'order_no', show: 'both' }] },
};

describe('LayoutDesigner', () => {
  it('shows the palette and the page, edits a position by number and saves the layout', async () => {
    const onSave = vi.fn(async () => undefined);
    act(() => root.render(
      <ConfigProvider locale={zhCN}><AntdApp><QueryClientProvider client={new QueryClient()}>
        <LayoutDesigner value={value} definition={definition} saving={false} onPreview={async () => undefined} onSave={onSave} onClose={() => undefined} />
      </QueryClientProvider></AntdApp></ConfigProvider>,
    ));
    await until(() => !!document.querySelector('[data-testid="layout-page"]'));
    expect(document.querySelector('[data-palette="field:order_no"]')?.textContent).toBe('订单号');
    expect(document.querySelector('[data-palette="table:lines"]')?.textContent).toBe('明细');
    const page = document.querySelector('[data-testid="layout-page"]') as HTMLElement;
    expect(page.style.width).toBe('210mm');
    // The canvas shows the compiled page with stand-in values.
    expect(page.textContent).toContain('订单号：［订单号］');
    const frame = document.querySelector('[data-element="e1"]') as HTMLElement;
    act(() => { frame.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })); });
    await until(() => !!document.querySelector('input[aria-label="左(mm)"]'));
    const left = document.querySelector('input[aria-label="左(mm)"]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => { setter.call(left, '35'); left.dispatchEvent(new Event('input', { bubbles: true })); });
    await until(() => (document.querySelector('[data-element="e1"]') as HTMLElement).style.left === '35mm');
    expect((document.querySelector('[data-element="e1"]') as HTMLElement).style.left).toBe('35mm');
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '保存')!;
    await act(async () => { save.click(); });
    await until(() => onSave.mock.calls.length > 0);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: '版式', body: '', layout: expect.objectContaining({ elements: [expect.objectContaining({ id: 'e1', x: 35, y: 30 })] }) }));
  });
});
