/**
 * The record's status as an export column (issue 27 item 4): 状态, offered and ticked by default
 * in 导出选择, written as its label (已审核, 处理中, 草稿, 作废) so a user can filter and total by it.
 * A form with a sysStatus field exports that field instead (it is the same value).
 */
export const STATUS_EXPORT_COLUMN = { enName: 'sys_status', label: '状态' } as const;

/**
 * The record id as an export column (issue 27 item 2): 记录ID, so an export edited and imported
 * again with 仅更新 / 新增或更新 finds its records when the form has no serial-number field (the
 * import's key 记录ID reads this column). Offered for forms, not for type-2 views (nothing is
 * imported into a view, and a view over other forms has ids naming a source and a record); ticked by
 * default only when the form has no serial-number field, whose number is then the key.
 */
export const ID_EXPORT_COLUMN = { enName: 'id', label: '记录ID' } as const;

interface DefinitionLike { fields: { enName: string; funcType: string }[]; type?: unknown }

/** Whether 导出选择 offers 记录ID for a definition. */
export function offersIdColumn(def: DefinitionLike): boolean {
  return Number(def.type) !== 2 && !def.fields.some((f) => f.enName === ID_EXPORT_COLUMN.enName);
}

/** Whether 记录ID is exported when no columns are chosen (and ticked at first in 导出选择). */
export function idColumnByDefault(def: DefinitionLike): boolean {
  return offersIdColumn(def) && !def.fields.some((f) => f.funcType === 'serialNumber');
}
