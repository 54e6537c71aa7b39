import { describe, expect, it } from 'vitest';
import { COMPONENT_NAMES } from '../../../schema-adapters/fieldTypes/registry';
import { loadComponents, resolveComponent, schemaComponentNames } from './registry';

describe('field component registry', () => {
  it('loads a component for every x-component name the adapter emits', async () => {
    await loadComponents(Object.values(COMPONENT_NAMES).map((n) => n.split('.')[0]));
    const missing = Object.entries(COMPONENT_NAMES).filter(([, name]) => !resolveComponent(name));
    expect(missing).toEqual([]);
  });

  it('collects the component names of a schema with its sub-form rows', () => {
    const schema = {
      type: 'object',
      properties: {
        grid: { type: 'void', 'x-component': 'FormGrid', properties: {
          a: { type: 'string', 'x-decorator': 'FormItem', 'x-component': 'Input.TextArea' },
          rows: { type: 'array', 'x-component': 'SubFormTable', items: { type: 'object', properties: { d: { type: 'string', 'x-component': 'DatePicker.RangePicker' } } } },
        } },
      },
    };
    expect(schemaComponentNames(schema)).toEqual(['DatePicker', 'FormGrid', 'FormItem', 'Input', 'SubFormTable']);
  });
});
