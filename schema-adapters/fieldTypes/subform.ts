import { defined } from './common';
import type { FamilySpecs } from './fieldTypeSpec';

/** Sub-form family: an array of row objects kept in a child table (rows are handled by the record transforms). */
export const subformTypes = {
  subForm: {
    family: 'subform',
    component: 'SubFormTable',
    schemaType: 'array',
    props: (f) => defined({ pageSize: 20, enableExportFile: f.subFormFeature?.enableExportFile ? true : undefined }),
    cell: 'subForm',
    sortable: false,
    search: 'subForm',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => [],
    storage: () => [],
    // Rows are spread by toSubmitPayload itself, which knows the row states.
    submit: () => undefined,
    checkValue: (_f, v) => (Array.isArray(v) && v.every((row) => row && typeof row === 'object' && !Array.isArray(row)) ? null : '应为行的列表'),
  },
} satisfies FamilySpecs<'subForm'>;
