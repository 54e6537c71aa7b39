/**
 * The record picker service: fields that pick records of another form (relatedForm's
 * 选择关联表单 drawer, a sub-form's 导入) ask this context for "a table of form X's records to pick
 * from" instead of importing the list. The shell provides it (`shell/RecordPickerProvider.tsx`,
 * backed by `list/RecordListPicker.tsx`), so fields never import list/ and the client's modules
 * form no cycle (issue 13).
 */
import { createContext, createElement, useContext, type ComponentType } from 'react';
import type { RecordRow } from '../api/records';

/** What a field asks for: the form to pick from, how many, and where the picked rows go. */
export interface RecordPickerProps {
  /** The form whose records are listed. */
  enName: string;
  /** `single`: a radio column and double-click picks (relateForm); `multiple`: checkboxes (subForm). */
  mode: 'single' | 'multiple';
  /** The form whose field picks (the server's permission rule for the relateForm scene). */
  sourceForm?: string;
  /**
   * relateForm: the picking field and the main-form values its relateHeadFilter reads
   * (`sourceField`, `sourceValues`), sent with every list call; the server applies the filter.
   */
  pickerQuery?: Record<string, unknown>;
  /** Fixed conditions (the relate filter). */
  initFilter?: Record<string, unknown>;
  height?: number | string;
  /** Called with the selected records whenever the selection changes. */
  onSelectionChange(rows: RecordRow[]): void;
  /** single: a double-clicked row is picked at once. */
  onPick?(rows: RecordRow[]): void;
}

/** The service: a component rendering the picking table. */
export interface RecordPickerService {
  Picker: ComponentType<RecordPickerProps>;
}

/** Without a provider (unit tests of single fields) there is nothing to pick from. */
const NO_PICKER: RecordPickerService = {
  Picker: () => createElement('div', { 'data-testid': 'record-picker-missing' }, '暂无数据'),
};

export const RecordPickerContext = createContext<RecordPickerService>(NO_PICKER);

/** The record picker the shell provides. */
export function useRecordPicker(): RecordPickerService {
  return useContext(RecordPickerContext);
}
