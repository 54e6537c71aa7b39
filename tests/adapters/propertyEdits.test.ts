// Issue 19: every edit the designer's property panel offers gives a valid definition, and the
// edits that break a rule are refused at the edited property. Driven by the palette's own exports,
// so a new field type or property is covered without touching this file.
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, type FieldType } from '../../schema-adapters/definition/fieldTypes';
import type { FieldDefinition, FormDefinition } from '../../schema-adapters/definition/types';
import { validateDefinition } from '../../schema-adapters/definition/validateDefinition';
import { propertySpecs, sampleValueOf, starterField, type PropertySpec } from '../../schema-adapters/fieldTypes/palette';
import { allowedInSubForm } from '../../schema-adapters/fieldTypes/subform';

const OTHER = 'other_field';
const other = (): FieldDefinition => ({ enName: OTHER, label: '其他字段', funcType: 'input', span: 24 });

/** A starter field of the type, as the palette drops it (a relatedForm once it names its form). */
function starter(type: FieldType): FieldDefinition {
  const field = starterField(type, new Set([OTHER]));
  if (type === 'relatedForm') field.relateEnName = 'other_form';
  return field;
}

/** Where the field under test sits: the form itself, or a sub-form's rows. */
interface Placement {
  name: string;
  build: (field: FieldDefinition) => FormDefinition;
  path: string;
}
const IN_FORM: Placement = { name: 'form', build: (field) => ({ enName: 'demo', cnName: '示例', fields: [other(), field] }), path: 'fields[1]' };
const IN_SUB_FORM: Placement = {
  name: 'sub-form',
  build: (field) => ({ enName: 'demo', cnName: '示例', fields: [{ enName: 'rows', label: '明细', funcType: 'subForm', span: 24, children: [other(), field] }] }),
  path: 'fields[0].children[1]',
};
const placementsOf = (type: FieldType): Placement[] => (allowedInSubForm(type) ? [IN_FORM, IN_SUB_FORM] : [IN_FORM]);

/** Edits that break one of the adapter's rules, derived from the property's spec ([] when it has no rule). */
function invalidEdits(type: FieldType, spec: PropertySpec): { patch: Record<string, unknown>; why: string }[] {
  const out: { patch: Record<string, unknown>; why: string }[] = [];
  if (spec.key === 'enName') {
    out.push({ patch: { enName: 'Bad Name' }, why: 'not the naming rule' }, { patch: { enName: OTHER }, why: 'a duplicate' }, { patch: { enName: 'id' }, why: 'a system column' });
  }
  if (spec.key === 'label' && type !== 'divider') out.push({ patch: { label: ' ' }, why: 'an empty label' });
  if (spec.editor === 'condition') {
    out.push({ patch: { [spec.key]: `\${${OTHER}} == ` }, why: 'a condition that does not parse' });
    if (spec.key !== 'hideCondition') out.push({ patch: { [spec.key]: '$sql(select 1)' }, why: '$sql outside hideCondition' });
  }
  if (spec.editor === 'options') out.push({ patch: { options: [{ value: 'a' }] }, why: 'an option without label' }, { patch: { options: 'a,b' }, why: 'options that are no list' });
  if (spec.editor === 'span') out.push({ patch: { span: 30 }, why: 'a span beyond 24' }, { patch: { span: 0 }, why: 'a span of 0' });
  if (spec.editor === 'number' && spec.integer && spec.min === 0 && spec.max == null) {
    out.push({ patch: { [spec.key]: -1 }, why: 'a negative count' }, { patch: { [spec.key]: 1.5 }, why: 'a fractional count' });
  }
  if (spec.key === 'min') out.push({ patch: { min: 200, max: 100 }, why: 'a minimum above the maximum' });
  if (spec.key === 'max') out.push({ patch: { min: 0, max: -5 }, why: 'a maximum below the minimum' });
  return out;
}

const cases = FIELD_TYPES.flatMap((type) => propertySpecs(type).map((spec) => ({ type, spec })));

describe('property-panel edits (issue 19)', () => {
  it('covers every field type and offers each type at least its label and enName', () => {
    expect(new Set(cases.map((c) => c.type)).size).toBe(FIELD_TYPES.length);
    for (const type of FIELD_TYPES) expect(propertySpecs(type).map((s) => s.key)).toEqual(expect.arrayContaining(['label', 'enName', 'span']));
  });

  it.each(cases)('$type / $spec.key: the sample edit gives a valid definition in a form and a sub-form', ({ type, spec }) => {
    const value = sampleValueOf(spec, { otherEnName: OTHER });
    expect(value, 'a sample value').not.toBeUndefined();
    for (const place of placementsOf(type)) {
      const def = place.build({ ...starter(type), [spec.key]: value });
      expect(validateDefinition(def), `${place.name}: ${JSON.stringify(value)}`).toEqual([]);
    }
  });

  it.each(cases)('$type / $spec.key: the panel\'s other choices stay valid, and clearing it concerns only that property', ({ type, spec }) => {
    const values: unknown[] = spec.editor === 'span' ? [24, 12, 8] : spec.editor === 'boolean' ? [true, undefined] : [];
    for (const place of placementsOf(type)) {
      for (const value of values) expect(validateDefinition(place.build({ ...starter(type), [spec.key]: value })), `${place.name}: ${String(value)}`).toEqual([]);
      // Clearing a required property (options, relateEnName, enName…) may be refused, but only there.
      const at = `${place.path}.${spec.key}`;
      const cleared = validateDefinition(place.build({ ...starter(type), [spec.key]: undefined }));
      for (const p of cleared) expect(p.path === at || p.path.startsWith(`${at}[`), `${place.name}: ${JSON.stringify(p)}`).toBe(true);
    }
  });

  const ruled = cases.flatMap(({ type, spec }) => invalidEdits(type, spec).map((edit) => ({ type, spec, ...edit })));
  it('finds rule-bearing properties to break (enName, conditions, options, spans, limits)', () => {
    const keys = new Set(ruled.map((c) => c.spec.key));
    for (const key of ['enName', 'hideCondition', 'requiredCon', 'disabledCon', 'options', 'span', 'maxLength', 'fixLength', 'precision', 'min', 'max']) expect(keys, key).toContain(key);
  });

  it.each(ruled)('$type / $spec.key: $why is refused at that property', ({ type, spec, patch }) => {
    for (const place of placementsOf(type)) {
      const problems = validateDefinition(place.build({ ...starter(type), ...patch }));
      const at = `${place.path}.${spec.key}`;
      expect(problems.some((p) => p.path === at || p.path.startsWith(`${at}[`)), `${place.name}: ${JSON.stringify(problems)}`).toBe(true);
    }
  });
});
