/** Request schemas of the print calls (docs/api-print.md). */
import { id, idList, obj, str } from '../../http/schemas.js';
import { MAX_MARGIN_MM, ORIENTATIONS, PAPERS } from '../../../shared/print/printLayout.js';
import { MAX_PRINT_RECORDS } from '../../print/renderPrint.js';

const margin = { type: 'integer', minimum: 0, maximum: MAX_MARGIN_MM } as const;
const formName = str({ min: 1, max: 63, pattern: '^[a-z][a-z0-9_]{0,62}$' });

/** A template's own fields (add and edit). */
const templateFields = {
  formName,
  name: str({ min: 1, max: 50 }),
  paper: { type: 'string', enum: PAPERS },
  orientation: { type: 'string', enum: ORIENTATIONS },
  marginTop: margin,
  marginRight: margin,
  marginBottom: margin,
  marginLeft: margin,
  header: str({ max: 200 }),
  footer: str({ max: 200 }),
  body: str({ min: 1, max: 500_000 }),
};
export const addBody = obj(templateFields, ['formName', 'name', 'body']);
export const editBody = obj({ id, ...templateFields }, ['id', 'formName', 'name', 'body']);
export const deleteBody = idList;
export const previewBody = obj({ ...templateFields, name: str({ max: 50 }), recordId: id }, ['formName', 'body']);

const ids = { type: 'array', items: id, maxItems: MAX_PRINT_RECORDS } as const;
/** Which template (id, name, or the only one) and which records. */
export const printBody = obj({ templateId: id, templateName: str({ min: 1, max: 50 }), ids }, ['ids']);
export const formParams = obj({ form: formName }, ['form']);
export const historyParams = obj({ form: formName, id }, ['form', 'id']);
