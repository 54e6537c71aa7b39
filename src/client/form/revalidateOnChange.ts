/**
 * The required rule runs on blur (spec 01 §3: `{label}不能为空` on blur), and Formily keeps a blur
 * rule's message until the next blur. Components that take their value without a blur of their
 * own (a date picked from the calendar, a lookup, a picker dialog, a cascader) left the message
 * under a filled field. So a field showing an error checks itself again whenever its value changes.
 */
import { onFieldValueChange, type Field } from '@formily/core';

/** Formily effect for `createForm({ effects })`: re-validate a field with errors on each change. */
export function revalidateOnChange(): void {
  onFieldValueChange('*', (field: Field) => {
    if (field.selfErrors.length) void field.validate().catch(() => undefined);
  });
}
