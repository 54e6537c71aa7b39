/**
 * The bundled offline dictionary types of spec 02 §3 (the same file seeds the server), served
 * by type without a call: "dictionary by type is served from the bundled list".
 */
import bundled from '../../../fixtures/seed/dicts.json';

/** One option of a dictionary type. */
export interface DictOption {
  label: string;
  value: string;
  listClass?: string;
}

const byType = new Map<string, DictOption[]>((bundled as { dictType: string; items: DictOption[] }[]).map((d) => [d.dictType, d.items]));

/** The options of a bundled dictionary type (empty for an unknown type). */
export function dictOptions(dictType: string): DictOption[] {
  return byType.get(dictType) ?? [];
}

/** The label of `value` in a bundled type, or the value itself when absent. */
export function dictLabel(dictType: string, value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return dictOptions(dictType).find((o) => o.value === text)?.label ?? text;
}
