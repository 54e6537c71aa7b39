/**
 * The record picker the shell provides to fields (`fields/RecordPickerContext.ts`): the form's
 * list in the relateForm scene (pick one: radio, double-click) or the subForm scene (pick
 * several: checkboxes). Lazy-loaded by the shell with the list's code.
 */
import type { RecordPickerProps } from '../fields/RecordPickerContext';
import { useFormDefinition } from '../controllers/useFormDefinition';
import { PageLoading } from '../routing/PageLoading';
import { RecordList } from './RecordList';
import styles from './list.module.css';

/** The picker: loads the definition, then shows the list. */
export default function RecordListPicker({ enName, mode, sourceForm, pickerQuery, initFilter, height, onSelectionChange, onPick }: RecordPickerProps) {
  const { definition, loading } = useFormDefinition(enName);
  if (loading) return <PageLoading />;
  if (!definition) return <div className={styles.empty}>暂无数据</div>;
  return (
    <RecordList
      def={definition}
      scene={mode === 'multiple' ? 'subForm' : 'relateForm'}
      sourceForm={sourceForm}
      pickerQuery={pickerQuery}
      initFilter={initFilter}
      height={height}
      onSelectionChange={onSelectionChange}
      onPick={onPick}
    />
  );
}
