import { createForm, type Form } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import EsConfigProvider from 'antd/es/config-provider';
import esZhCN from 'antd/es/locale/zh_CN';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatePicker, TimePicker, pickerText, rangeText } from './date';
import * as engines from './datePickerEngines';

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

async function show(component: ComponentType<never>, value: unknown, props: Record<string, unknown> = {}, form: Form = createForm()): Promise<Form> {
  await act(async () =>
    root.render(
      // Under Node `antd` is its CommonJS build and `antd/es/…` the ES one, each with its own
      // contexts; the browser build has only the ES one. Both get the app's locale here.
      <ConfigProvider locale={zhCN}>
        <EsConfigProvider locale={esZhCN}>
          <FormProvider form={form}>
            <Field name="d" initialValue={value} component={[component, props]} />
          </FormProvider>
        </EsConfigProvider>
      </ConfigProvider>,
    ),
  );
  return form;
}

/** The closed control's markup, icons and the look-alike's readonly aside. */
const markup = () => host.innerHTML.replace(/<svg.*?<\/svg>/g, '').replace(/ readonly=""/g, '');

const cases: [string, ComponentType<never>, ComponentType<never>, unknown, Record<string, unknown>][] = [
  ['date with a value', DatePicker as never, engines.date as never, '2026-03-15', { format: 'YYYY-MM-DD' }],
  ['empty date-time', DatePicker as never, engines.date as never, null, { format: 'YYYY-MM-DD HH:mm:ss', showTime: true }],
  ['month', DatePicker as never, engines.date as never, '2026-03', { format: 'YYYY-MM', picker: 'month' }],
  ['range', DatePicker.RangePicker as never, engines.range as never, ['2026-03-01', '2026-03-09'], { format: 'YYYY-MM-DD' }],
  ['empty range', DatePicker.RangePicker as never, engines.range as never, null, {}],
  ['disabled time', TimePicker as never, engines.time as never, '08:30:00', { disabled: true }],
  ['own placeholder', TimePicker as never, engines.time as never, null, { placeholder: '几点' }],
];

describe('date fields before their first use', () => {
  it.each(cases)('%s: the look-alike has the real picker’s markup', async (_n, deferred, real, value, props) => {
    await show(real, value, props);
    const expected = markup();
    await act(async () => root.unmount());
    root = createRoot(host);
    await show(deferred, value, props);
    expect(markup()).toBe(expected);
    expect(host.querySelector('input')?.readOnly).toBe(true);
  });

  it('swaps to the real picker on focus, which keeps the focus and the value', async () => {
    await show(DatePicker as never, '2026-03-15', { format: 'YYYY-MM-DD' });
    const input = host.querySelector('input') as HTMLInputElement;
    await act(async () => input.focus());
    await expect.poll(() => host.querySelector('input')?.readOnly).toBe(false);
    const real = host.querySelector('input') as HTMLInputElement;
    expect(real).not.toBe(input);
    expect(document.activeElement).toBe(real);
    expect(real.value).toBe('2026-03-15');
  });

  it('focuses the end input of a range when that one was focused', async () => {
    await show(DatePicker.RangePicker as never, null, {});
    await act(async () => (host.querySelectorAll('input')[1] as HTMLInputElement).focus());
    await expect.poll(() => host.querySelector('input')?.readOnly).toBe(false);
    expect(document.activeElement).toBe(host.querySelectorAll('input')[1]);
  });

  it('the ✕ clears the value without loading the picker', async () => {
    const form = await show(DatePicker as never, '2026-03-15', {});
    await act(async () => (host.querySelector('.ant-picker-clear') as HTMLElement).click());
    expect(form.values.d).toBeUndefined();
    expect(host.querySelector('input')?.value).toBe('');
    expect(host.querySelector('input')?.readOnly).toBe(true);
    expect(host.querySelector('.ant-picker-clear')).toBeNull();
  });

  it('a disabled picker shows no ✕ and does not swap', async () => {
    await show(DatePicker as never, '2026-03-15', { disabled: true });
    expect(host.querySelector('.ant-picker-disabled input')?.hasAttribute('disabled')).toBe(true);
    expect(host.querySelector('.ant-picker-clear')).toBeNull();
    await act(async () => (host.querySelector('input') as HTMLInputElement).focus());
    await act(async () => (host.querySelector('.ant-picker') as HTMLElement).dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    await new Promise((r) => setTimeout(r, 50));
    expect(host.querySelector('input')?.readOnly).toBe(true);
  });
});

describe('the text a closed picker shows', () => {
  it('is the value when the picker would print it unchanged', () => {
    expect(pickerText('2026-03-15', 'YYYY-MM-DD')).toBe('2026-03-15');
    expect(pickerText('2026-03-15 08:00:00', 'YYYY-MM-DD HH:mm:ss')).toBe('2026-03-15 08:00:00');
    expect(pickerText('08:30', 'HH:mm')).toBe('08:30');
    expect(pickerText(null, 'YYYY-MM-DD')).toBe('');
    expect(rangeText(['2026-03-01', '2026-03-09'], 'YYYY-MM-DD')).toEqual(['2026-03-01', '2026-03-09']);
  });

  it('is left to the picker for other spellings and impossible days', () => {
    expect(pickerText('2026/03/15', 'YYYY-MM-DD')).toBeNull();
    expect(pickerText('2026-02-30', 'YYYY-MM-DD')).toBeNull();
    expect(pickerText(1773532800000, 'YYYY-MM-DD')).toBeNull();
    expect(rangeText('2026-03-01', 'YYYY-MM-DD')).toBeNull();
  });
});
