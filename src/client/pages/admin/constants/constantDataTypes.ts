/** The data types a constant list may declare, with the Chinese label the screen shows for each. */
export const CONSTANT_DATA_TYPES: { value: string; label: string }[] = [
  { value: 'string', label: '字符串' },
  { value: 'number', label: '数值' },
  { value: 'boolean', label: '布尔' },
  { value: 'date', label: '日期' },
];

/** The label of a stored data type; an unknown value is shown as stored, an empty one as blank. */
export function dataTypeLabel(value: string | null | undefined): string {
  if (!value) return '';
  return CONSTANT_DATA_TYPES.find((t) => t.value === value)?.label ?? value;
}
