/** What the 导出选择 dialog offers (spec 01 §2.4): main fields, sub-forms with their child fields; file and invoice fields only with enableExportFile. Pure. */
import { FILE_LIST_TYPES, importColumns, type ColumnModel, type FormDefinition, type UserContext } from '../../../../schema-adapters';
import { ID_EXPORT_COLUMN, offersIdColumn, STATUS_EXPORT_COLUMN } from '../../../shared/exportColumns';

/** A group of choices: the main form (name null) or one sub-form. */
export interface ChoiceGroup {
  name: string | null;
  label: string;
  options: { value: string; label: string; file: boolean }[];
}

/** The groups of the dialog. */
export function exportChoices(def: FormDefinition, ctx: UserContext | undefined): ChoiceGroup[] {
  const context = ctx ?? { userId: 0, userName: '', deptId: null, roleKeys: [], roleNames: [] };
  const cols = importColumns(def, context);
  const mainFiles = (def.feature as { enableExportFile?: unknown } | undefined)?.enableExportFile === true;
  const opts = (list: ColumnModel[], files: boolean) =>
    list.filter((c) => files || !FILE_LIST_TYPES.has(String(c.funcType))).map((c) => ({ value: c.key, label: c.header, file: FILE_LIST_TYPES.has(String(c.funcType)) }));
  const main = opts(cols.filter((c) => c.funcType !== 'subForm'), mainFiles);
  // 状态 (issue 27 item 4): the record's status, unless a sysStatus field already offers it.
  if (!def.fields.some((f) => f.funcType === 'sysStatus')) main.push({ value: STATUS_EXPORT_COLUMN.enName, label: STATUS_EXPORT_COLUMN.label, file: false });
  // 记录ID (issue 27 item 2): the key an import by record id reads back.
  if (offersIdColumn(def)) main.push({ value: ID_EXPORT_COLUMN.enName, label: ID_EXPORT_COLUMN.label, file: false });
  const groups: ChoiceGroup[] = [{ name: null, label: '主表字段', options: main }];
  for (const c of cols.filter((x) => x.funcType === 'subForm')) {
    const sub = def.fields.find((f) => f.enName === c.key);
    groups.push({ name: c.key, label: c.header, options: opts(c.children ?? [], sub?.subFormFeature?.enableExportFile === true) });
  }
  return groups;
}
