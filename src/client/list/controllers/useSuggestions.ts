/** Search suggestions for a column (spec 01 §7): debounced 200 ms; a failed fetch gives an empty list. */
import { useEffect, useState } from 'react';
import { searchSuggestions } from '../../api/records';

/** Spec 01 §9: debounce 200 ms. */
export const SUGGESTION_DEBOUNCE_MS = 200;

/** Suggestions for `text` in `fieldName` of `formName`, refreshed 200 ms after the last keystroke. */
export function useSuggestions(formName: string, fieldName: string, text: string, enabled: boolean, extra?: { menuId?: number; initFilter?: unknown }): string[] {
  const [values, setValues] = useState<string[]>([]);
  const menuId = extra?.menuId;
  const initFilter = extra?.initFilter;
  useEffect(() => {
    if (!enabled || !text.trim()) {
      setValues([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      searchSuggestions({ formName, fieldName, text: text.trim(), menuId, initFilter })
        .then((r) => live && setValues(Array.isArray(r.data) ? r.data : []))
        .catch(() => live && setValues([]));
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [formName, fieldName, text, enabled, menuId, initFilter]);
  return values;
}
