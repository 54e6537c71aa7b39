/** `/api/print/…`: print templates and printing records (docs/api-print.md). */
import { Type } from 'typebox';
import { Closed, DataEnvelope, DoneEnvelope, Id, IdList, OpenObject, PageEnvelope, Str, StrEnum } from './common.js';
import { MAX_MARGIN_MM, ORIENTATIONS, PAPERS } from '../print/printLayout.js';

/** Most records one print (render, PDF, Word) takes. */
export const MAX_PRINT_RECORDS = 200;

const Margin = Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_MARGIN_MM }));
const FormName = Str({ min: 1, max: 63, pattern: '^[a-z][a-z0-9_]{0,62}$' });

/** A template's own fields (add and edit); left-out layout fields take the defaults (A4, portrait, 15 mm). */
const templateFields = {
  formName: FormName,
  name: Str({ min: 1, max: 50 }),
  paper: Type.Optional(StrEnum(PAPERS)),
  orientation: Type.Optional(StrEnum(ORIENTATIONS)),
  marginTop: Margin,
  marginRight: Margin,
  marginBottom: Margin,
  marginLeft: Margin,
  header: Type.Optional(Str({ max: 200 })),
  footer: Type.Optional(Str({ max: 200 })),
  body: Str({ min: 1, max: 500_000 }),
};
export const TemplateAddBody = Closed(templateFields);
export const TemplateEditBody = Closed({ id: Id, ...templateFields });
export const TemplateDeleteBody = IdList;
/** The designer's preview of an unsaved body, with a record when `recordId` is given. */
export const TemplatePreviewBody = Closed({ ...templateFields, name: Type.Optional(Str({ max: 50 })), recordId: Type.Optional(Id) });
export const TemplateListQuery = Type.Object({ formName: Type.Optional(Type.String({ maxLength: 63 })) });
/** `{id}` of a template (digits; anything else is 404 打印模版不存在). */
export const TemplateIdPath = Type.Object({ id: Type.String() });

/** Which template (id, name, or the form's only one) and which records. */
export const PrintBody = Closed({
  templateId: Type.Optional(Id),
  templateName: Type.Optional(Str({ min: 1, max: 50 })),
  ids: Type.Array(Id, { maxItems: MAX_PRINT_RECORDS }),
});
export const PrintFormPath = Closed({ form: FormName });
export const PrintHistoryPath = Closed({ form: FormName, id: Id });

/** A stored template (layout, body, Word file name…). */
export const TemplatePage = PageEnvelope(OpenObject);
export const TemplateAnswer = DataEnvelope(OpenObject);
export const TemplateCreated = DataEnvelope(Type.Object({ id: Type.Integer() }));
/** The templates a form offers at print time. */
export const FormTemplatesAnswer = DataEnvelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), paper: Type.String(), orientation: Type.String() })));
/** The filled sheets for the print view (template, form title, one sheet per record). */
export const RenderAnswer = DataEnvelope(OpenObject);
/** A record's print history (who, when, which template, how). */
export const PrintHistoryAnswer = DataEnvelope(Type.Array(OpenObject));
export { DoneEnvelope };
