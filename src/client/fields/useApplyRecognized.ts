/**
 * Puts a recognition answer into the surrounding form: same-name fields set by the scan rules, an
 * invalid date's warning shown for 5 s (spec 01 §5). Used by the idCard, invoice and business fields.
 */
import { useForm } from '@formily/react';
import { useFeedback } from '../feedback/useFeedback';
import { applyRecognized } from './data/applyRecognized';
import { DATE_WARNING_SECONDS } from './data/recognizedValues';
import { useRecordFormInfo } from './RecordFormContext';

/** Returns `apply(data, self)`. */
export function useApplyRecognized(): (data: Record<string, unknown>, self?: string) => void {
  const form = useForm();
  const { def } = useRecordFormInfo();
  const { message } = useFeedback();
  return (data, self) => {
    const patch = applyRecognized(def?.fields ?? [], data, self);
    for (const [key, value] of Object.entries(patch.values)) form.setValuesIn(key, value);
    for (const w of patch.warnings) message.warning(w, DATE_WARNING_SECONDS);
  };
}
