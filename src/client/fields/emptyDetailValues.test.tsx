import { createForm } from '@formily/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldDefinition, FormDefinition } from '../../../schema-adapters/definition/types';
import { pageSchema } from '../form/formSchema';
import { RecordFormView } from '../form/RecordFormView';
import { loadSchemaComponents } from './registry';
import { TestFeedbackHost } from '../feedback/testFeedback';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every field type that holds a value a detail page shows (issue 27 item 12: empty → "-"). */
const fields: FieldDefinition[] = [
  { enName: 'f_input', label: '单行文本', funcType: 'input' },
  { enName: 'f_textarea', label: '多行文本', funcType: 'textarea' },
  { enName: 'f_number', label: '数字', funcType: 'number', precision: 2 },
  { enName: 'f_select', label: '下拉', funcType: 'select', selectMode: 0, options: [{ label: '甲', value: 'a' }] },
  { enName: 'f_multi', label: '多选下拉', funcType: 'select', selectMode: 1, options: [{ label: '甲', value: 'a' }] },
  { enName: 'f_radio', label: '单选', funcType: 'radio', options: [{ label: '甲', value: 'a' }] },
  { enName: 'f_checkbox', label: '复选', funcType: 'checkbox', options: [{ label: '甲', value: 'a' }] },
  { enName: 'f_date', label: '日期', funcType: 'dateStamp', format: 'yyyy-MM-dd' },
  { enName: 'f_range', label: '日期范围', funcType: 'dateRange', format: 'yyyy-MM-dd' },
  { enName: 'f_time', label: '时间', funcType: 'timeOnly' },
  { enName: 'f_user', label: '人员', funcType: 'user' },
  { enName: 'f_dept', label: '部门', funcType: 'dept' },
  { enName: 'f_cascader', label: '级联', funcType: 'cascader', options: [{ label: '甲', value: 'a' }] },
  { enName: 'f_address', label: '地址', funcType: 'address' },
  { enName: 'f_related', label: '关联', funcType: 'relatedForm', relateEnName: 'other' },
  { enName: 'f_business', label: '企业', funcType: 'business' },
  { enName: 'f_upload', label: '附件', funcType: 'upload' },
  { enName: 'f_rate', label: '评分', funcType: 'rate' },
  { enName: 'f_color', label: '颜色', funcType: 'color' },
  { enName: 'f_serial', label: '编号', funcType: 'serialNumber' },
  { enName: 'f_position', label: '位置', funcType: 'position' },
] as FieldDefinition[];
const def: FormDefinition = { enName: 'demo', cnName: '演示', fields };
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

describe('detail pages: empty values', () => {
  it('every field type shows "-" for an empty value', async () => {
    const form = createForm({ initialValues: {} });
    const schema = pageSchema(def, { mode: 'detail', ctx });
    await loadSchemaComponents(schema);
    await act(async () => {
      root.render(
        <QueryClientProvider client={new QueryClient()}>
          <AntdApp>
            <TestFeedbackHost />
            <RecordFormView form={form} schema={schema} info={{ formName: 'demo', mode: 'detail', loaded: true, ctx, def, offline: true }} />
          </AntdApp>
        </QueryClientProvider>,
      );
    });
    const shown: Record<string, string> = {};
    for (const item of Array.from(host.querySelectorAll('.ant-formily-item'))) {
      const label = item.querySelector('.ant-formily-item-label')?.textContent?.replace(/[:：\s]/g, '') ?? '';
      shown[label] = (item.querySelector('.ant-formily-item-control')?.textContent ?? '').trim();
    }
    const wrong = fields.filter((f) => f.funcType !== 'upload').map((f) => f.label).filter((l) => shown[l] !== '-').map((l) => `${l}=${JSON.stringify(shown[l])}`);
    expect(wrong).toEqual([]);
    // File fields are the exception of spec 02 §2.5: with no file the whole item is hidden.
    const files = Array.from(host.querySelectorAll<HTMLElement>('.ant-formily-item')).find((i) => i.textContent?.includes('附件'));
    expect(files?.style.display).toBe('none');
  });
});
