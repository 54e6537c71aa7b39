// relatedForm's relate2Current and relateHeadFilter (issue 27 item 9): picking a record in the
// 选择关联表单 drawer fills the configured fields; the dropdown's list call and the drawer's list
// name the field and send the main-form values its header filter reads.
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { TestFeedbackHost } from '../feedback/testFeedback';
import { RecordFormContext } from './RecordFormContext';
import { RecordPickerContext, type RecordPickerProps } from './RecordPickerContext';
import { pickerSource, RelatedFormPicker } from './relatedForm';
import { until } from '../testing/until';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const relate2Current = { contract_owner: 'owner', contract_amount: 'amount' };
const relateHeadFilter = { maker: '${supplier}', on_sale: 'yes' };
const def: FormDefinition = {
  enName: 'sales_order',
  cnName: '销售订单',
  fields: [
    { enName: 'supplier', label: '供应商', funcType: 'input' },
    { enName: 'contract', label: '合同', funcType: 'relatedForm', relateEnName: 'contract', relateField: 'title', relate2Current, relateHeadFilter },
    { enName: 'contract_owner', label: '合同负责人', funcType: 'user' },
    { enName: 'contract_amount', label: '合同金额', funcType: 'number' },
  ],
};
const ctx = { userId: 1, userName: 'admin', deptId: 1, roleKeys: ['admin'], roleNames: [] };
const row = { id: 7, sys_status: 1, title: '采购合同', owner: 3, owner$view: '李四', amount: 12000 };

const listBodies: Record<string, unknown>[] = [];
const server = setupServer(
  http.post('/api/auto/contract/list', async ({ request }) => {
    listBodies.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ code: 200, msg: '查询成功', rows: [row], total: 1, totalExact: true });
  }),
  http.post('/api/auto/contract/list/ids', () => HttpResponse.json({ code: 200, msg: '操作成功', data: [row] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root;
let host: HTMLElement;
let pickerProps: RecordPickerProps | undefined;
beforeEach(() => {
  listBodies.length = 0;
  pickerProps = undefined;
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => act(() => root.unmount()));

/** Stands in for the shell's list: keeps its props and offers the record to pick. */
function FakePicker(props: RecordPickerProps) {
  pickerProps = props;
  return <button type="button" onClick={() => props.onPick?.([row])}>挑选采购合同</button>;
}

async function mount() {
  const form = createForm({ values: { supplier: '甲厂' } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntdApp>
          <TestFeedbackHost />
          <RecordFormContext.Provider value={{ formName: 'sales_order', mode: 'add', loaded: true, ctx, def }}>
            <RecordPickerContext.Provider value={{ Picker: FakePicker }}>
              <FormProvider form={form}>
                <Field name="contract" component={[RelatedFormPicker, { relateEnName: 'contract', relateField: 'title', relate2Current, relateHeadFilter }]} />
              </FormProvider>
            </RecordPickerContext.Provider>
          </RecordFormContext.Provider>
        </AntdApp>
      </QueryClientProvider>,
    );
  });
  return form;
}

const buttonNamed = (text: string) => Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s/g, '') === text);

describe('related-form picker', () => {
  it('the dropdown\'s list call names the field and sends the header value it reads', async () => {
    await mount();
    const body = await until(() => listBodies[0]);
    expect(body).toMatchObject({ scene: 'relateForm', sourceForm: 'sales_order', sourceField: 'contract', sourceValues: { supplier: '甲厂' } });
  });

  it('picking in the 选择关联表单 drawer sets the value and carries the configured values into the form', async () => {
    const form = await mount();
    await act(async () => buttonNamed('选择')!.click());
    await until(() => buttonNamed('挑选采购合同'));
    expect(pickerProps?.pickerQuery).toEqual({ sourceField: 'contract', sourceValues: { supplier: '甲厂' } });
    await act(async () => buttonNamed('挑选采购合同')!.click());
    expect(form.values).toMatchObject({ contract: 7, contract_owner: 3, contract_owner$view: '李四', contract_amount: 12000 });
  });

  it('outside a record form (a search box) the list call carries no source; without a header filter only the scene', () => {
    expect(pickerSource(def, '', 'contract', relateHeadFilter, () => '甲厂')).toBeUndefined();
    expect(pickerSource(def, 'sales_order', 'contract', undefined, () => '甲厂')).toEqual({ scene: 'relateForm', sourceForm: 'sales_order' });
  });
});
