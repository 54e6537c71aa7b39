import type { CompanionSuffix } from '../definition/names';
import type { FieldDefinition } from '../definition/types';
import { pickFrom, sampleOneOf, type CellResult, type ImportedCell, type ImportLookups } from '../cells/cellTypes';
import { viewCell } from '../cells/spreadsheetText';
import { defined, importLabels, listIfMultiple, multipleCheck, putAsIs, withView } from './common';
import type { FamilySpecs, StoragePart } from './fieldTypeSpec';

/** Address levels of a field: its `type` (1–3), by default 3 = province, city, district (spec 01 §5, §9). */
export function addressLevels(f: FieldDefinition): number {
  const n = Number(f.type);
  return Number.isInteger(n) && n >= 1 && n <= 3 ? n : 3;
}

/** The submit keys of each address level (spec 01 §3.3). */
export const ADDRESS_PARTS = ['$province', '$city', '$district'] as const satisfies readonly CompanionSuffix[];

/** Place names `省 / 市 / 区`, each looked up under the one before. */
function importAddress(field: FieldDefinition, cell: ImportedCell, lookups: ImportLookups): CellResult {
  const names = cell.text.split(/\s*\/\s*/);
  const ids: number[] = [];
  let parent = 1;
  for (const name of names) {
    const id = lookups.place(parent, name);
    if (id === null) return { error: `「${field.label}」地址“${cell.text}”不存在` };
    ids.push(id);
    parent = id;
  }
  return { values: { [field.enName]: ids, [`${field.enName}$view`]: names.join('/') } };
}

/** The one related record whose label the cell gives. */
function importRelated(field: FieldDefinition, cell: ImportedCell, lookups: ImportLookups): CellResult {
  const id = lookups.related(field, cell.text);
  if (id === undefined) return { error: `「${field.label}」中“${cell.text}”对应多条记录，无法确定` };
  if (id === null) return { error: `「${field.label}」中“${cell.text}”不存在` };
  return { values: { [field.enName]: id, [`${field.enName}$view`]: cell.text } };
}

/** Reference family: user, dept, relatedForm and address. */
export const referenceTypes = {
  user: {
    family: 'reference',
    component: 'UserPicker',
    schemaType: 'string',
    props: (f) => defined({ multiple: f.multiple ? true : undefined, parentOrg: f.parentOrg, placeholder: f.placeholder }),
    cell: 'user',
    sortable: true,
    search: 'user',
    searchTypeRadio: false,
    searchRange: true,
    hasView: true,
    defaultValue: listIfMultiple,
    // One id is a number column a btree index serves (ADR 1010); a list is jsonb.
    storage: (f) => withView('numeric', !!f.multiple),
    submit: putAsIs,
    checkValue: multipleCheck,
    references: { target: 'user', noun: '用户' },
    exportCell: viewCell,
    importCell: (f, c, l) => importLabels(f, c, l, !!f.multiple),
    sample: (f, s) => sampleOneOf(f, s, s.userIds),
  },
  dept: {
    family: 'reference',
    component: 'DeptPicker',
    schemaType: 'string',
    props: (f) => defined({ multiple: f.multiple ? true : undefined, parentOrg: f.parentOrg, placeholder: f.placeholder }),
    cell: 'dept',
    sortable: true,
    search: 'dept',
    searchTypeRadio: false,
    searchRange: true,
    hasView: true,
    defaultValue: listIfMultiple,
    // One id is a number column a btree index serves (ADR 1010); a list is jsonb.
    storage: (f) => withView('numeric', !!f.multiple),
    submit: putAsIs,
    checkValue: multipleCheck,
    references: { target: 'dept', noun: '部门' },
    exportCell: viewCell,
    importCell: (f, c, l) => importLabels(f, c, l, !!f.multiple),
    sample: (f, s) => sampleOneOf(f, s, s.deptIds),
  },
  relatedForm: {
    family: 'reference',
    component: 'RelatedFormPicker',
    schemaType: 'string',
    props: (f) => defined({
      relateEnName: f.relateEnName,
      relateField: f.relateField,
      relateFilter: f.relateFilter,
      relate2Current: f.relate2Current,
      relateHeadFilter: f.relateHeadFilter,
      multiple: f.multiple ? true : undefined,
      showSearch: f.filterable ? true : undefined,
      placeholder: f.placeholder,
      pageSize: 20,
    }),
    cell: 'related',
    sortable: true,
    search: 'related',
    searchTypeRadio: true,
    searchRange: true,
    hasView: true,
    defaultValue: () => null,
    // One id is a number column a btree index serves (ADR 1010); a list is jsonb.
    storage: (f) => withView('numeric', !!f.multiple),
    submit: putAsIs,
    checkValue: multipleCheck,
    references: { target: 'record', noun: '关联记录' },
    exportCell: viewCell,
    importCell: importRelated,
    sample: (f, s) => sampleOneOf(f, s, s.records(String(f.relateEnName))),
  },
  address: {
    family: 'reference',
    component: 'AddressCascader',
    schemaType: 'array',
    props: (f) => defined({ levels: addressLevels(f), placeholder: f.placeholder }),
    cell: 'address',
    sortable: false,
    search: 'address',
    searchTypeRadio: false,
    searchRange: true,
    hasView: false,
    defaultValue: () => [],
    storage: (f) => [
      { suffix: '', kind: 'jsonb', multiValued: true },
      ...ADDRESS_PARTS.slice(0, addressLevels(f)).map((suffix): StoragePart => ({ suffix, kind: 'text', multiValued: false })),
      // The place names ('浙江省/杭州市/西湖区'): the list shows them and keyword search finds them.
      { suffix: '$view', kind: 'text', multiValued: false },
    ],
    // Spec 01 §5: split into $province, $city and $district when the selection has the full length.
    submit: (f, value, put) => {
      put('', value);
      const levels = addressLevels(f);
      if (Array.isArray(value) && value.length === levels && value.every((v) => v != null && v !== '')) {
        value.forEach((v, i) => put(ADDRESS_PARTS[i], String(v)));
      }
    },
    checkValue: (f, v) => (Array.isArray(v) && v.length <= addressLevels(f) ? null : '应为省、市、区的列表'),
    exportCell: viewCell,
    importCell: importAddress,
    sample: (_f, s) => (s.addresses.length ? pickFrom(s, s.addresses) : undefined),
  },
} satisfies FamilySpecs<'user' | 'dept' | 'relatedForm' | 'address'>;
