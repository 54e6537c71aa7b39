import EsConfigProvider from 'antd/es/config-provider';
import esZhCN from 'antd/es/locale/zh_CN';
import EsCascader from 'antd/es/cascader';
import EsSelect from 'antd/es/select';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeferredCascader, DeferredSelect } from './deferredSelect';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

const options = [
  { value: 1, label: '甲' },
  { value: 2, label: '乙' },
];

async function show(component: ComponentType<never>, props: Record<string, unknown>): Promise<void> {
  const C = component as ComponentType<Record<string, unknown>>;
  await act(async () =>
    root.render(
      <EsConfigProvider locale={esZhCN}>
        <C id="f1" aria-label="名称" options={options} style={{ width: '100%' }} {...props} />
      </EsConfigProvider>,
    ),
  );
}

/** The closed control's markup: elements, sorted attributes and text; icons' paths and the look-alike's readonly aside. */
function canonical(n: Node): string {
  if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? '';
  if (!(n instanceof Element) || n.tagName.toLowerCase() === 'svg') return '';
  // Attribute and class order is not something a user or a style rule can tell apart.
  const value = (a: Attr) => (a.name === 'class' ? a.value.split(/\s+/).sort().join(' ') : a.value);
  const attrs = [...n.attributes].filter((a) => a.name !== 'readonly').map((a) => `${a.name}="${value(a)}"`).sort();
  return `<${n.tagName.toLowerCase()} ${attrs.join(' ')}>${[...n.childNodes].map(canonical).join('')}</>`;
}
const markup = () => canonical(host);

const cases: [string, Record<string, unknown>][] = [
  ['a chosen option', { value: 2 }],
  ['placeholder', { placeholder: '请选择' }],
  ['disabled', { value: 1, disabled: true }],
  ['clearable, searchable, error status', { value: 1, allowClear: true, showSearch: true, status: 'error' }],
  ['a value missing from the options', { value: 7, allowClear: true }],
  ['loading', { placeholder: '请选择', loading: true }],
  ['empty multiple', { mode: 'multiple', placeholder: '请选择', allowClear: true }],
  ['small', { value: 1, size: 'small' }],
];

describe('select fields before their first use', () => {
  it.each(cases)('%s: the look-alike has the real select’s markup', async (_n, props) => {
    await show(EsSelect as never, props);
    const expected = markup();
    await act(async () => root.unmount());
    root = createRoot(host);
    await show(DeferredSelect as never, props);
    expect(markup()).toBe(expected);
    expect(host.querySelector('input')?.readOnly).toBe(true);
    expect(host.querySelector('input')?.getAttribute('role')).toBe('combobox');
  });

  const tree = [{ value: 1, label: '甲', children: [{ value: 11, label: '甲一' }] }, { value: 2, label: '乙' }];
  const cascaderCases: [string, Record<string, unknown>][] = [
    ['a chosen path', { value: [1, 11] }],
    ['placeholder', { placeholder: '请选择部门', showSearch: true, changeOnSelect: true }],
    ['disabled', { value: [2], disabled: true }],
    ['empty multiple', { multiple: true, placeholder: '请选择部门', showSearch: true }],
  ];
  it.each(cascaderCases)('cascader, %s: the look-alike has the real cascader’s markup', async (_n, props) => {
    await show(EsCascader as never, { ...props, options: tree });
    const expected = markup();
    await act(async () => root.unmount());
    root = createRoot(host);
    await show(DeferredCascader as never, { ...props, options: tree });
    expect(markup()).toBe(expected);
    expect(host.querySelector('input')?.readOnly).toBe(true);
  });

  it('swaps to the real select on focus, which keeps the focus and the value', async () => {
    await show(DeferredSelect as never, { value: 2 });
    const input = host.querySelector('input') as HTMLInputElement;
    await act(async () => input.focus());
    await expect.poll(() => host.querySelector('input'), { timeout: 10_000 }).not.toBe(input);
    await expect.poll(() => document.activeElement).toBe(host.querySelector('input'));
    expect(host.querySelector('.ant-select-selection-item')?.textContent).toBe('乙');
  });

  it('a key on the look-alike opens the real select', async () => {
    await show(DeferredSelect as never, { value: 1 });
    const input = host.querySelector('input') as HTMLInputElement;
    // A key reaches the look-alike before its focus swapped it when the import is still running.
    await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    // The first import of antd's select can take a while on a busy machine.
    await expect.poll(() => document.querySelector('.ant-select-open'), { timeout: 10_000 }).not.toBeNull();
    expect(document.activeElement).toBe(host.querySelector('input'));
    await expect.poll(() => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['甲', '乙']);
  }, 15_000);

  it('✕ clears without loading the real select', async () => {
    let changed: unknown = 'untouched';
    await show(DeferredSelect as never, { value: 1, allowClear: true, onChange: (v: unknown) => (changed = v) });
    const input = host.querySelector('input') as HTMLInputElement;
    const clear = host.querySelector('.ant-select-clear') as HTMLElement;
    await act(async () => clear.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true })));
    expect(changed).toBeUndefined();
    expect(host.querySelector('input')).toBe(input);
  });

  it('a disabled select does not swap on focus or press', async () => {
    await show(DeferredSelect as never, { value: 1, disabled: true });
    const input = host.querySelector('input') as HTMLInputElement;
    await act(async () => {
      host.querySelector('.ant-select')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
      input.focus();
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(host.querySelector('input')).toBe(input);
  });

  it('a chosen multiple value shows the real select’s tags at once', async () => {
    await show(DeferredSelect as never, { mode: 'multiple', value: [1, 2] });
    await expect.poll(() => [...host.querySelectorAll('.ant-select-selection-item-content')].map((t) => t.textContent), { timeout: 10_000 }).toEqual(['甲', '乙']);
  });
});
