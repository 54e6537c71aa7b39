import { createForm } from '@formily/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { pageSchema } from '../form/formSchema';
import { RecordFormView } from '../form/RecordFormView';
import { loadSchemaComponents } from './registry';
import { TestFeedbackHost } from '../feedback/testFeedback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const def: FormDefinition = {
  enName: 'demo',
  cnName: '演示',
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', maxLength: 10 },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2, suffix: '元' },
    { enName: 'note', label: '说明', funcType: 'textarea', hideCondition: '${amount} < 10' },
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

/** Types into an input the way React sees it. */
function type(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function mount(mode: 'add' | 'detail', values: Record<string, unknown> = {}) {
  const form = createForm({ initialValues: values });
  const schema = pageSchema(def, { mode, ctx });
  // The form renders once its field components have loaded, as on the pages.
  await loadSchemaComponents(schema);
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <AntdApp>
          <TestFeedbackHost />
          <RecordFormView form={form} schema={schema} info={{ formName: 'demo', mode, loaded: true, ctx, def, offline: true }} />
        </AntdApp>
      </QueryClientProvider>,
    );
  });
  return form;
}

describe('field wrappers in a live form', () => {
  it('text: typing stores the value, clearing stores null; number: an emptied input is undefined', async () => {
    const form = await mount('add', { amount: 0 });
    const [title, amount] = Array.from(host.querySelectorAll('input'));
    await act(async () => type(title, '地铁'));
    expect(form.values.title).toBe('地铁');
    await act(async () => type(title, ''));
    expect(form.values.title).toBeNull();
    await act(async () => type(amount, '12'));
    expect(form.values.amount).toBe(12);
    await act(async () => type(amount, ''));
    expect(form.values.amount).toBeUndefined();
  });

  it('a hide condition shows the field once the value it reads is typed', async () => {
    const form = await mount('add', { amount: 0 });
    expect(host.textContent).not.toContain('说明');
    await act(async () => { form.setValuesIn('amount', 20); });
    expect(host.textContent).toContain('说明');
  });

  it('detail mode shows values as text with the unit and no inputs', async () => {
    await mount('detail', { title: '只读', amount: 1234.5 });
    expect(host.querySelectorAll('input').length).toBe(0);
    expect(host.textContent).toContain('只读');
    expect(host.textContent).toContain('1,234.50元');
    // Spec 02 §9: an amount in 元 carries its capital figures (issue 27 item 11).
    expect(host.textContent).toContain('大写：壹仟贰佰叁拾肆元伍角');
  });

  it('an amount being typed shows its capital figures under the input', async () => {
    await mount('add', { amount: 0 });
    const amount = host.querySelectorAll('input')[1];
    await act(async () => type(amount, '10.05'));
    expect(host.textContent).toContain('大写：壹拾元零伍分');
    await act(async () => type(amount, ''));
    expect(host.textContent).not.toContain('大写');
  });
});
