/**
 * `/api/auto/{form}/…`: the fixed parts of the record calls (CONTRACT.md §7, spec 01 §3.5). The
 * field values of a row or a save are the form's own (its definition decides them), so rows are
 * open objects here; the server checks them against the form model, not a static schema.
 *
 * The route handlers still check bodies themselves (their messages are spec text); these schemas
 * are the answers' shapes, the OpenAPI description, and the types the client will take (the client
 * side is wired by the lead, issue 13).
 */
import { Type, type Static } from 'typebox';
import { DataEnvelope, DoneEnvelope, OpenObject, PageEnvelope } from './common.js';

/** `{form}` in the path: a form's enName (CONTRACT.md §4). */
export const FORM_NAME_PATTERN = '^[a-z][a-z0-9_]{0,62}$';
export const FormParams = Type.Object({ form: Type.String({ pattern: FORM_NAME_PATTERN }) });
/** `{form}` and a record `{id}` (digits; anything else is 404 记录不存在). */
export const RecordParams = Type.Object({ form: Type.String({ pattern: FORM_NAME_PATTERN }), id: Type.String() });

/** A record id (numbers; text of digits is accepted where the spec's clients send it). */
export const RecordId = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,15}$' })]);
/** `[ids]` or `{ids:[…]}` (delete, void, list/ids, haveSub). */
export const RecordIds = Type.Union([Type.Array(RecordId), Type.Object({ ids: Type.Array(RecordId) })]);
export type RecordIds = Static<typeof RecordIds>;

/** A row: `id`, `sys_status`, `create_by`, `create_time`, `update_time`, `version`, the field values and `{field}$view` companions. */
export const RecordRowSchema = Type.Object(
  {
    id: Type.Union([Type.Integer(), Type.String()]),
    sys_status: Type.Optional(Type.Integer()),
    version: Type.Optional(Type.Integer()),
  },
  { additionalProperties: true },
);

/** A sort key of `sysOrderBy` / `multiFieldOrder`. */
export const OrderKey = Type.Object({ field: Type.String(), order: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) });

/** One `searchConList` entry; extra keys carry the value, `{enName}$start`, `$end` and `$view`. */
export const SearchEntry = Type.Object(
  {
    enName: Type.String(),
    funcType: Type.Optional(Type.String()),
    searchType: Type.Optional(Type.Union([Type.Literal('like'), Type.Literal('equal')])),
    searchRange: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('notNull'), Type.Literal('isNull')])),
    children: Type.Optional(Type.Array(Type.Unknown(), { description: 'entries of this shape (a sub-form)' })),
  },
  { additionalProperties: true },
);

/** The list query of spec 01 §3.5 (`{field}$start` / `$end` and other per-form keys ride along). */
export const ListRequest = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    sysOrderBy: Type.Optional(OrderKey),
    multiFieldOrder: Type.Optional(Type.Array(OrderKey)),
    searchConList: Type.Optional(Type.Array(SearchEntry)),
    initFilter: Type.Optional(Type.Union([OpenObject, Type.String()])),
    sysStatus: Type.Optional(Type.Union([Type.Integer(), Type.Array(Type.Integer())])),
    menuId: Type.Optional(Type.Integer()),
    keyword: Type.Optional(Type.String()),
    exactTotal: Type.Optional(Type.Boolean()),
    scene: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** `POST /api/auto/{form}/add` `{formName, data, uuid}` (the same uuid twice creates one record). */
export const AddRecordBody = Type.Object({ formName: Type.Optional(Type.String()), data: OpenObject, uuid: Type.Optional(Type.String()) }, { additionalProperties: true });
/** `POST /api/auto/{form}/edit/{id}` `{formName, data, version}` (a stale version → 409). */
export const EditRecordBody = Type.Object({ formName: Type.Optional(Type.String()), data: OpenObject, version: Type.Optional(Type.Integer()) }, { additionalProperties: true });
/**
 * `POST /api/auto/{form}/export`: the main columns, the sub-form columns, one row per sub-form line
 * or not, whether files go along, the format (xlsx by default), and the rows: the list's query or
 * the chosen ids. Checked by the export service (its messages are spec text), like the other bodies here.
 */
export const ExportBody = Type.Object({
  currentColumns: Type.Array(Type.String()),
  subFormColumns: Type.Array(Type.Object({ formName: Type.String(), columns: Type.Array(Type.String()), includeFiles: Type.Optional(Type.Boolean()) })),
  exportByLine: Type.Boolean(),
  includeFiles: Type.Boolean(),
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])),
  /** Leave voided records out (导出选择's 不导出已作废的数据; issue 27 item 4). */
  excludeVoided: Type.Optional(Type.Boolean()),
  queryMap: Type.Union([ListRequest, Type.Object({ ids: Type.Array(RecordId) })]),
});

// ---- answers ----

/** `POST /api/auto/{form}/list`: a page of rows; `totalExact:false` when `total` is an estimate. */
export const RecordPage = PageEnvelope(RecordRowSchema);
/** A saved record's id (add, stash, push) and, after an edit, its new version. */
export const SavedRecord = DataEnvelope(Type.Object({ id: Type.Integer(), version: Type.Optional(Type.Integer()) }, { additionalProperties: true }));
/** `GET /api/auto/uuid/get`: a fresh key for `add`. */
export const FreshUuid = DataEnvelope(Type.String());
/** `GET /api/auto/{form}/{id}` and `…/copy`: the record (sub-form rows under their field names). */
export const RecordDetail = DataEnvelope(OpenObject);
/** `getCalcdValue`: one total per field. */
export const CalcdValue = Type.Object({ field: Type.String(), sum: Type.Optional(Type.Unknown()), avg: Type.Optional(Type.Unknown()) }, { additionalProperties: true });
/** A delete / void pre-check (spec 01 §8). */
export const PrecheckResult = Type.Object({
  success: Type.Boolean(),
  action: Type.Union([Type.Literal('stop'), Type.Literal('warn'), Type.Null()]),
  errorTips: Type.String(),
});
export const PrecheckAnswer = DataEnvelope(PrecheckResult);
export { DoneEnvelope };

// ---- path parameters: plain strings, the handlers answer 404 for an unknown form or a bad id ----

/** `{form}` (matched against the tenant's forms by the handler). */
export const FormPath = Type.Object({ form: Type.String() });
/** `{form}` and `{id}`. */
export const RecordPath = Type.Object({ form: Type.String(), id: Type.String() });
/** `{form}` and `{x}`: 'add' or a record id (stash, push). */
export const DraftPath = Type.Object({ form: Type.String(), x: Type.String() });
/** `{form}` and `{op}`: delete or invalid (pre-checks). */
export const CheckPath = Type.Object({ form: Type.String(), op: Type.String() });
/** `{form}` and `{field}` (`$sql` hide conditions). */
export const FieldPath = Type.Object({ form: Type.String(), field: Type.String() });

/** `importData?onlyParse=`: 'true', '1' or '' parse only (a preview), anything else imports. */
export const ImportQuery = Type.Object({
  onlyParse: Type.Optional(Type.String({ maxLength: 10 })),
  /** 仅新增 (add, the default) / 仅更新 (update) / 新增或更新 (upsert) by `key` (issue 27 item 2). */
  mode: Type.Optional(Type.Union([Type.Literal('add'), Type.Literal('update'), Type.Literal('upsert')])),
  /** The key field's enName, or `id` (the record id, column 记录ID); default: the form's serial-number field, else `id`. */
  key: Type.Optional(Type.String({ maxLength: 64 })),
  /**
   * The parse job (its id) whose counts the user confirmed: an import that updates then refuses,
   * by key, every record changed after that parse began (issue 27 item 2).
   */
  parseJob: Type.Optional(Type.String({ maxLength: 36 })),
});

// ---- further answers ----

/** `getCalcdValue`: the totals by field (`{field: number | null}`), as the form's `calcd` asked. */
export const CalcdAnswer = DataEnvelope(Type.Unknown());
/** `list/ids`: the rows of the given ids. */
export const RowsAnswer = DataEnvelope(Type.Array(OpenObject));
/** `haveSub`: per id whether a tree row has children. */
export const HaveSubAnswer = DataEnvelope(Type.Record(Type.String(), Type.Boolean()));
/** `search/suggestion`: the distinct matching texts. */
export const SuggestionAnswer = DataEnvelope(Type.Array(Type.Unknown()));
/** `{field}/hide`: the evaluated `$sql` condition (its value as the field's hide rule expects it). */
export const HideAnswer = DataEnvelope(Type.Unknown());
/** `init/by/sql`: a new record's SQL defaults, `{enName: value}` (values as the fields take them). */
export const SqlDefaultsAnswer = DataEnvelope(Type.Record(Type.String(), Type.Unknown()));
/** `batchUpdate`: how many records changed, which, and the refused ones with their reasons. */
export const BatchEditAnswer = DataEnvelope(Type.Object({ updated: Type.Integer(), ids: Type.Array(Type.Integer()), skipped: Type.Optional(Type.Integer()) }, { additionalProperties: true }));
/** `batchUpdate/count`: the records a search matches, and those a batch edit skips (issue 27 item 5). */
export const BatchCountAnswer = DataEnvelope(Type.Object({ total: Type.Integer(), voided: Type.Integer(), inApproval: Type.Integer() }));
/** One failed check rule of a button or a form check: stop (refuse) or warn (ask), and its filled text. */
export const CheckEntrySchema = Type.Object({ action: Type.Union([Type.Literal('stop'), Type.Literal('warn')]), errorTips: Type.String() });
/** `button/check`: one entry per failed rule, stops first. */
export const ButtonCheckAnswer = DataEnvelope(Type.Array(CheckEntrySchema));
/** `button/action`: records updated, records created, links to open. */
export const ButtonRunAnswer = DataEnvelope(
  Type.Object({ updated: Type.Integer(), created: Type.Array(Type.Object({ form: Type.String(), id: Type.Integer() })), links: Type.Array(Type.String()) }),
);
/** `button/secrets`: the tenant's secret names (values never leave the server). */
export const SecretNamesAnswer = DataEnvelope(Type.Array(Type.Object({ name: Type.String(), updateBy: Type.String(), updateTime: Type.String({ format: 'date-time' }) })));

