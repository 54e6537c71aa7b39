import { defined, noSample } from './common';
import type { FamilySpecs, FieldTypeSpec } from './fieldTypeSpec';

/** What every value-less type shares: no column, no storage, nothing submitted. */
export const valueless: Omit<FieldTypeSpec, 'family' | 'component' | 'props'> = {
  schemaType: 'void',
  cell: null,
  sortable: false,
  search: null,
  searchTypeRadio: false,
  searchRange: false,
  hasView: false,
  defaultValue: () => undefined,
  storage: () => [],
  submit: () => undefined,
  checkValue: () => null,
  exportCell: () => null,
  importCell: null,
  sample: noSample,
};

/** Layout family: groupTitle and divider, void fields that only structure the form. */
export const layoutTypes = {
  groupTitle: { ...valueless, family: 'layout', component: 'GroupTitle', props: (f) => defined({ title: f.label }) },
  divider: { ...valueless, family: 'layout', component: 'FormDivider', props: (f) => defined({ title: f.label }) },
} satisfies FamilySpecs<'groupTitle' | 'divider'>;
