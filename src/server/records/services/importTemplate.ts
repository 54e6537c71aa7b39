/**
 * `GET /api/flowable/form/importTemplate` (spec 02 §7): a small definition that passes the
 * adapter's validateDefinition, showing the usual parts (fields, a select with options, a date,
 * a sub-form, list columns) to start an import file from. Import takes it as it is, or in an array.
 */
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';

export const IMPORT_TEMPLATE: FormDefinition = {
  enName: 'sample_form',
  cnName: '示例表单',
  hasFlow: false,
  feature: {
    pcTableElements: [{ enName: 'title' }, { enName: 'amount' }, { enName: 'kind' }, { enName: 'signed' }],
    columnEvalList: [{ enName: 'amount', type: 'sum' }],
  },
  fields: [
    { enName: 'title', label: '标题', funcType: 'input', required: true, span: 12 },
    { enName: 'amount', label: '金额', funcType: 'number', precision: 2, span: 12 },
    { enName: 'kind', label: '类别', funcType: 'select', span: 12, options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }] },
    { enName: 'signed', label: '签订日期', funcType: 'dateStamp', format: 'yyyy-MM-dd', span: 12 },
    { enName: 'remark', label: '备注', funcType: 'textarea', span: 24 },
    {
      enName: 'lines', label: '明细', funcType: 'subForm', span: 24,
      children: [
        { enName: 'item', label: '品名', funcType: 'input' },
        { enName: 'qty', label: '数量', funcType: 'number', precision: 0 },
      ],
    },
  ],
};
