import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../schema-adapters/definition/fieldTypes';
import { PALETTE_GROUPS, propertySpecs, starterField } from '../../schema-adapters/fieldTypes/palette';
import { FIELD_TYPE_SPECS } from '../../schema-adapters/fieldTypes/registry';
import { validateDefinition } from '../../schema-adapters/definition/validateDefinition';

describe('designer palette', () => {
  it('offers each of the 30 field types once, grouped by the registry family', () => {
    const listed = PALETTE_GROUPS.flatMap((g) => g.types.map((t) => t.funcType));
    expect(listed.sort()).toEqual([...FIELD_TYPES].sort());
    for (const g of PALETTE_GROUPS) for (const t of g.types) expect(FIELD_TYPE_SPECS[t.funcType].family).toBe(g.family);
  });

  it('gives every type a starter field that is a valid definition (relatedForm once named)', () => {
    for (const type of FIELD_TYPES) {
      const field = starterField(type, new Set());
      if (type === 'relatedForm') field.relateEnName = 'other_form';
      expect(validateDefinition({ enName: 'demo', cnName: '示例', fields: [field] }), type).toEqual([]);
      const keys = propertySpecs(type).map((p) => p.key);
      expect(keys).toContain('label');
      expect(keys).toContain('enName');
    }
  });
});
