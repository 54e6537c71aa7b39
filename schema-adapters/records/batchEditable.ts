import type { FieldDefinition, FormDefinition } from '../definition/types';
import { FIELD_TYPE_SPECS } from '../fieldTypes/registry';

/**
 * Types a batch edit (批量修改) never offers: rows of sub-forms, values the server assigns
 * (serialNumber, sysStatus), file lists (one upload would be referenced by many records) and
 * types without a value of their own (button, qrCode, layout).
 */
const NOT_BATCH = new Set(['subForm', 'serialNumber', 'sysStatus', 'upload', 'idCard', 'invoice', 'qrCode', 'button', 'groupTitle', 'divider']);

/** Whether the field is one a batch edit may write (shown, not disabled, a value of its own). */
function batchEditable(field: FieldDefinition): boolean {
  if (NOT_BATCH.has(field.funcType)) return false;
  if (FIELD_TYPE_SPECS[field.funcType]?.schemaType === 'void') return false;
  if (field.isShow === false || field.visible === false || field.disabled === true) return false;
  // A field disabled by a condition is disabled for some records and not others: a batch cannot honour that.
  if (typeof field.disabledCon === 'string' && field.disabledCon.trim()) return false;
  return !(typeof field.hideCondition === 'string' && field.hideCondition.trim() === 'true');
}

/**
 * The top-level fields a batch edit (spec 01 §1, §5 "Batch save") offers and the server accepts,
 * in definition order. Empty: the dialog shows 没有可修改的信息.
 */
export function batchEditableFields(def: FormDefinition): FieldDefinition[] {
  return def.fields.filter(batchEditable);
}

/**
 * The definition the batch dialog renders: the batch-editable fields alone, none required and
 * without conditions (they name fields the dialog leaves out, and decide per record: the server
 * re-checks each record as a single save would).
 */
export function batchEditDefinition(def: FormDefinition): FormDefinition {
  const fields = batchEditableFields(def).map((f): FieldDefinition => ({ ...f, required: false, requiredCon: undefined, hideCondition: undefined, disabledCon: undefined, defaultValue: undefined, defaultType: undefined }));
  return { ...def, fields, buttons: [] };
}
