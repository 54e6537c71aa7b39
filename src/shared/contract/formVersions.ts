/**
 * The designer's saving calls (issue 19 item 2): check a definition before saving it, the saved
 * versions of a form, and restoring one. Every save (create, edit, import, restore) keeps the
 * definition it replaces as a version, so nothing an administrator configured is ever lost.
 *
 * A save that would drop or retype stored data is refused with a 409 whose `data` is a
 * `DefinitionCheck` until the caller repeats it with `confirmDataChanges: true`; the designer shows
 * the changes and asks first.
 */
import { Type, type Static } from 'typebox';
import { DataEnvelope, Nullable } from './common.js';
import { FormDefinitionSchema } from './forms.js';

/** One problem of the adapter's `validateDefinition`: `path` like `fields[3].enName` or `fields[2].children[0].label`. */
export const DefinitionProblemSchema = Type.Object({
  path: Type.String(),
  message: Type.String(),
});
export type DefinitionProblemDto = Static<typeof DefinitionProblemSchema>;

/** What a save does to the records already stored (per field or sub-form). */
export const DataChangeSchema = Type.Object({
  /** `drop`: the field's column (or a sub-form's table) goes; `retype`: its values are converted and some may not survive. */
  kind: Type.Union([Type.Literal('drop'), Type.Literal('retype'), Type.Literal('dropSubForm')]),
  /** The field's enName (a sub-form child as `subForm.child`). */
  field: Type.String(),
  label: Type.String(),
  /** funcType before and after (retype only). */
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  /** Records (or sub-form rows) holding a value that the change loses or converts. */
  rows: Type.Integer({ minimum: 0 }),
  /** A Chinese sentence for the confirmation dialog, e.g. `字段“金额”将被删除，12 条记录中的值会丢失`. */
  effect: Type.String(),
});
export type DataChange = Static<typeof DataChangeSchema>;

/** `POST /api/flowable/form/check` (body: a definition, with `id` when it replaces a saved form). */
export const DefinitionCheckSchema = Type.Object({
  problems: Type.Array(DefinitionProblemSchema),
  dataChanges: Type.Array(DataChangeSchema),
});
export type DefinitionCheck = Static<typeof DefinitionCheckSchema>;
export const DefinitionCheckAnswer = DataEnvelope(DefinitionCheckSchema);

/** One saved version of a form, newest first, the current one included (`current: true`). */
export const FormVersionSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  current: Type.Boolean(),
  savedAt: Nullable('string', { format: 'date-time' }),
  savedBy: Nullable('string'),
  cnName: Type.String(),
  fieldCount: Type.Integer({ minimum: 0 }),
});
export type FormVersion = Static<typeof FormVersionSchema>;
/** `GET /api/flowable/form/{id}/versions`. */
export const FormVersionsAnswer = DataEnvelope(Type.Array(FormVersionSchema));
/** `GET /api/flowable/form/{id}/versions/{version}`: that version's definition. */
export const FormVersionAnswer = DataEnvelope(FormDefinitionSchema);
export const FormVersionPath = Type.Object({ id: Type.String(), version: Type.String() });
/** `POST /api/flowable/form/{id}/versions/{version}/restore`; also accepted by `POST /api/flowable/form/edit`. */
export const ConfirmDataChangesBody = Type.Object({ confirmDataChanges: Type.Optional(Type.Boolean()) });
/** `POST /api/flowable/form/{id}/versions/{version}/restore`: the number of the new version the restore saved. */
export const FormVersionRestored = DataEnvelope(Type.Object({ version: Type.Integer({ minimum: 1 }) }));
