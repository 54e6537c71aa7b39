/** What field components may know about the page they sit on (form, record, mode, load state). */
import { createContext, useContext } from 'react';
import type { FormDefinition, UserContext } from '../../../schema-adapters/definition/types';
import type { UploadTracker } from './data/uploadTracker';

/** The page around the fields. */
export interface RecordFormInfo {
  formName: string;
  recordId?: number | string;
  mode: 'add' | 'edit' | 'detail' | 'flow';
  /** Spec 01 §4 load state: false (0) until a record being edited or viewed has arrived. */
  loaded: boolean;
  ctx: UserContext;
  /** The definition (sub-forms read their children's definitions from it). */
  def?: FormDefinition;
  /** True in the offline preview: no server calls for records. */
  offline?: boolean;
  /** The page's running uploads: its save actions wait for them (spec 02 §4). */
  uploads?: UploadTracker;
}

export const RecordFormContext = createContext<RecordFormInfo>({
  formName: '',
  mode: 'add',
  loaded: true,
  ctx: { userId: 0, userName: '', deptId: null, roleKeys: [], roleNames: [] },
});

/** The page info of the surrounding record form. */
export function useRecordFormInfo(): RecordFormInfo {
  return useContext(RecordFormContext);
}
