/**
 * `/api/flowable/form…`: form definitions (CONTRACT.md §4). A definition is a stored JSON document
 * checked by the server's definition validator (its messages are spec text), so bodies are open
 * here and a definition is open beyond its fixed parts: the parts every stored definition has
 * (validateDefinition refuses one without them) are declared, everything else (buttons, feature,
 * a field's options, rules and sub-form children…, docs/forms.md) rides along unchanged. The
 * document's own type is the adapter's `FormDefinition` (schema-adapters/definition/types.ts).
 */
import { Type, type Static } from 'typebox';
import { DataEnvelope, Nullable, PageEnvelope } from './common.js';

/** One row of `GET /api/flowable/form/list`. */
export const FormSummarySchema = Type.Object({
  id: Type.Integer(),
  enName: Type.String(),
  cnName: Type.String(),
  /** The view type (1 table, 2 view, 3 tree, …) or null. */
  type: Type.Union([Type.Integer(), Type.String(), Type.Null()]),
  hasFlow: Type.Boolean(),
  fieldCount: Type.Integer(),
  version: Type.Integer(),
  createTime: Nullable('string', { format: 'date-time' }),
  updateTime: Nullable('string', { format: 'date-time' }),
});
export type FormSummary = Static<typeof FormSummarySchema>;
export const FormSummaryPage = PageEnvelope(FormSummarySchema);

/** `{enName}` of a form (an unknown one is 404 表单不存在). */
export const FormEnNamePath = Type.Object({ enName: Type.String() });
/** `{id}` of a form (digits; anything else is 404). */
export const FormIdPath = Type.Object({ id: Type.String() });
/** `GET /api/flowable/form/export?ids=1,2` (none: every form). */
export const FormExportQuery = Type.Object({ ids: Type.Optional(Type.String({ maxLength: 10_000 })) });

/** A field of a definition: its name, label and type are fixed; every other property is kept as stored. */
export const FormFieldSchema = Type.Object(
  { enName: Type.String(), label: Type.String(), funcType: Type.String() },
  { additionalProperties: true, description: 'a field (docs/forms.md): enName, label, funcType and its type\'s own properties; a sub-form\'s fields under children' },
);
const documentProps = { enName: Type.String(), cnName: Type.String(), fields: Type.Array(FormFieldSchema) };
/** A stored definition without its id (export, import). */
export const FormDocumentSchema = Type.Object(documentProps, { additionalProperties: true });
/** A stored definition with its id (the form's row id, a number; the adapter's type also allows text). */
export const FormDefinitionSchema = Type.Object({ id: Type.Optional(Type.Union([Type.Integer(), Type.String()])), ...documentProps }, { additionalProperties: true });
/** A form definition (fields, sub-forms, buttons, rules: docs/forms.md). */
export const FormDefinitionAnswer = DataEnvelope(FormDefinitionSchema);
/** Definitions without their ids, as export writes and import reads them. */
export const FormDefinitionsAnswer = DataEnvelope(Type.Array(FormDocumentSchema));
/** `POST /api/flowable/form`: the new form's id. */
export const FormCreated = DataEnvelope(Type.Object({ id: Type.Integer() }));
/** `POST /api/flowable/form/import`: the imported forms. */
export const FormsImported = DataEnvelope(Type.Array(Type.Object({ enName: Type.String(), id: Type.Integer() })));

/** One row of `GET /api/flowable/form/list/options`: a form for pickers (menus, related forms). */
export const FormOptionSchema = Type.Object({ id: Type.Integer(), enName: Type.String(), cnName: Type.String() });
export type FormOption = Static<typeof FormOptionSchema>;
export const FormOptionsAnswer = DataEnvelope(Type.Array(FormOptionSchema));
/** `POST /api/flowable/form/export/selected/`: the ids of the forms to export (strings of digits accepted). */
export const FormSelectedIds = Type.Array(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,15}$' })]), { minItems: 1, maxItems: 1000 });
/** `GET /api/flowable/form/importTemplate`: a sample definition to start an import file from. */
export const FormImportTemplateAnswer = DataEnvelope(FormDocumentSchema);
