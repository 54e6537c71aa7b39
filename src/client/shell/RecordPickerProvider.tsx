/**
 * Provides the record picker service to every field (issue 13): the list's picker, lazy-loaded
 * on first use, so fields pick records without importing list/ and the list's code loads only
 * when a 选择 or 导入 drawer opens.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { RecordPickerContext, type RecordPickerProps, type RecordPickerService } from '../fields/RecordPickerContext';
import { PageLoading } from '../routing/PageLoading';

const RecordListPicker = lazy(() => import('../list/RecordListPicker'));

function LazyPicker(props: RecordPickerProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <RecordListPicker {...props} />
    </Suspense>
  );
}

const service: RecordPickerService = { Picker: LazyPicker };

/** Wraps the app in the record picker service. */
export function RecordPickerProvider({ children }: { children: ReactNode }) {
  return <RecordPickerContext.Provider value={service}>{children}</RecordPickerContext.Provider>;
}
