/** `/api/print/…`: print templates and printing records (docs/api-print.md). */
import { Type } from 'typebox';
import { Closed, DataEnvelope, DoneEnvelope, Id, IdList, Nullable, PageEnvelope, Str, StrEnum } from './common.js';

// The paper choices live here, not in print/printLayout.ts: that file takes its types from these
// schemas, so importing back from it would make the two a cycle.
export type Paper = 'A4' | 'A5';
export type Orientation = 'portrait' | 'landscape';
export const PAPERS: Paper[] = ['A4', 'A5'];
export const ORIENTATIONS: Orientation[] = ['portrait', 'landscape'];
/** Largest margin a template may set, in mm. */
export const MAX_MARGIN_MM = 60;

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
  /** An HTML template's body; a layout template (below) has none. */
  body: Type.Optional(Str({ max: 500_000 })),
  /** A layout template's layout (src/shared/print/layout, ADR 1054), checked against the form by the route. */
  layout: Type.Optional(Type.Unknown({ description: 'PrintLayoutModel (docs/api-print.md)' })),
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

// ---- answers ----

const DateTime = Type.String({ format: 'date-time' });
const Layout = {
  paper: StrEnum(PAPERS),
  orientation: StrEnum(ORIENTATIONS),
  marginTop: Type.Integer(),
  marginRight: Type.Integer(),
  marginBottom: Type.Integer(),
  marginLeft: Type.Integer(),
  header: Type.String(),
  footer: Type.String(),
};

/** A stored template: layout, body, the Word file's name ('' when none), who and when. */
export const PrintTemplateSchema = Type.Object({
  id: Type.Integer(),
  formName: Type.String(),
  name: Type.String(),
  ...Layout,
  body: Type.String(),
  /** `html` (body, optionally a Word file) or `layout` (the visual designer's layout). */
  kind: StrEnum(['html', 'layout'] as const),
  /** The layout of a `layout` template, else null. */
  layout: Type.Unknown(),
  docxName: Type.String(),
  createBy: Type.String(),
  createTime: DateTime,
  updateBy: Type.String(),
  updateTime: DateTime,
});
export const TemplatePage = PageEnvelope(PrintTemplateSchema);
export const TemplateAnswer = DataEnvelope(PrintTemplateSchema);
export const TemplateCreated = DataEnvelope(Type.Object({ id: Type.Integer() }));

/** A template as a printing user chooses it. */
export const PrintChoiceSchema = Type.Object({ id: Type.Integer(), name: Type.String(), paper: StrEnum(PAPERS), orientation: StrEnum(ORIENTATIONS) });
/** The templates a form offers at print time. */
export const FormTemplatesAnswer = DataEnvelope(Type.Array(PrintChoiceSchema));

/** One rendered record: its id (0 in the designer's sample) and the cleaned, filled body. */
export const PrintSheetSchema = Type.Object({ id: Type.Integer(), html: Type.String() });
/** The filled sheets for the print view: the form, the template's layout, one sheet per record. */
export const PrintRenderSchema = Type.Object({
  formName: Type.String(),
  formTitle: Type.String(),
  template: Type.Object({
    id: Type.Integer(), name: Type.String(), ...Layout, hasDocx: Type.Optional(Type.Boolean()),
    /** A layout template's page (mm): its sheets are `.fw-layout-page` pages of this size. */
    page: Type.Optional(Type.Object({ width: Type.Number(), height: Type.Number() })),
  }),
  sheets: Type.Array(PrintSheetSchema),
});
export const RenderAnswer = DataEnvelope(PrintRenderSchema);

/** One print of one record: which template (null once deleted), how, who, when. */
export const PrintHistoryEntrySchema = Type.Object({
  id: Type.Integer(),
  recordId: Type.Integer(),
  templateId: Nullable('integer'),
  templateName: Type.String(),
  kind: StrEnum(['print', 'pdf', 'docx'] as const),
  userName: Type.String(),
  nickName: Type.String(),
  printTime: DateTime,
});
/** A record's print history, newest first. */
export const PrintHistoryAnswer = DataEnvelope(Type.Array(PrintHistoryEntrySchema));
export { DoneEnvelope };
