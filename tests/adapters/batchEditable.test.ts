// Which fields a batch edit (批量修改) offers and the server accepts (spec 01 §1, §5 "Batch save"; issue 17 item 3).
import { describe, expect, it } from 'vitest';
import { batchEditableFields, batchEditDefinition, fieldStates, type FieldDefinition, type FormDefinition } from '../../schema-adapters/index';
import { admin } from './helpers';

const form = (fields: FieldDefinition[]): FormDefinition => ({ enName: 't', cnName: '测试', fields });
const f = (enName: string, funcType: FieldDefinition['funcType'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ enName, label: enName.toUpperCase(), funcType, ...extra });

describe('batchEditableFields', () => {
  it('keeps shown, enabled fields with a value of their own, in definition order', () => {
    const def = form([
      f('title', 'input', { required: true }),
      f('lines', 'subForm', { children: [f('item', 'input')] }),
      f('sn', 'serialNumber'),
      f('files', 'upload'),
      f('qr', 'qrCode'),
      f('head', 'groupTitle'),
      f('off', 'input', { disabled: true }),
      f('gone', 'input', { isShow: false }),
      f('never', 'input', { hideCondition: 'true' }),
      f('maybe', 'input', { disabledCon: "${title} == 'x'" }),
      f('shown_if', 'number', { hideCondition: "${title} == 'x'" }),
      f('who', 'user'),
      f('when', 'dateRange'),
    ]);
    expect(batchEditableFields(def).map((x) => x.enName)).toEqual(['title', 'shown_if', 'who', 'when']);
  });

  it('is empty for a form of sub-forms and serial numbers (the dialog says 没有可修改的信息)', () => {
    expect(batchEditableFields(form([f('sn', 'serialNumber'), f('lines', 'subForm', { children: [] })]))).toEqual([]);
  });
});

describe('batchEditDefinition', () => {
  it('drops required and conditions, so every offered field is shown, optional and enabled in the dialog', () => {
    const def = batchEditDefinition(form([
      f('title', 'input', { required: true }),
      f('closer', 'input', { requiredCon: "${state} == 'done'" }),
      f('note', 'input', { hideCondition: "${title} == 'x'", defaultType: 'fix', defaultValue: '默认' }),
    ]));
    const states = fieldStates(def, { title: 'x', state: 'done' }, admin);
    for (const name of ['title', 'closer', 'note']) expect(states[name]).toEqual({ visible: true, required: false, disabled: false });
    expect(def.fields.find((x) => x.enName === 'note')?.defaultValue).toBeUndefined();
  });
});
