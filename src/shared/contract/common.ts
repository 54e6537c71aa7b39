/**
 * Building blocks of the HTTP contract (CONTRACT.md §2), declared once with TypeBox: the server
 * validates requests and serialises answers with them, the client takes `Static<>` types and form
 * rules from them, and the OpenAPI document at /api/docs is generated from them.
 *
 * The request primitives produce exactly the JSON schemas the server used before (e.g.
 * `type: ['string','null']` rather than `anyOf`), so Ajv's errors and their Chinese messages
 * (server/http/validationMessages.ts) are unchanged.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** A string, optionally bounded; `minLength: 1` makes an empty string a `…不能为空` error. */
export function Str(opts: { min?: number; max?: number; pattern?: string; description?: string } = {}) {
  return Type.String({
    ...(opts.min !== undefined && { minLength: opts.min }),
    maxLength: opts.max ?? 500,
    ...(opts.pattern && { pattern: opts.pattern }),
    ...(opts.description && { description: opts.description }),
  });
}

/** A string or null (clients send null for cleared fields). */
export function OptStr(max = 500, extra: { pattern?: string } = {}): TUnsafe<string | null> {
  return Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: max, ...extra });
}

/** A nullable value of one JSON type, as `type: [t, 'null']` (answers and requests alike). */
export function Nullable<T extends 'string' | 'integer' | 'number' | 'boolean'>(
  type: T,
  extra: Record<string, unknown> = {},
): TUnsafe<(T extends 'string' ? string : T extends 'boolean' ? boolean : number) | null> {
  return Type.Unsafe({ type: [type, 'null'], ...extra });
}

const MAX_ID = 9_007_199_254_740_991;

/** A positive integer id. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** An id or null (0 allowed: "no parent"). */
export const OptId = Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: MAX_ID });

/** A non-empty list of ids (delete calls). */
export const IdList = Type.Array(Id, { minItems: 1, maxItems: 1000 });

/** `{id}` in the path. */
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** '0' (normal) or '1' (disabled). */
export const Status01 = Type.Unsafe<'0' | '1'>({ type: 'string', enum: ['0', '1'] });

/** A string enum, as `{type:'string', enum}` (the form Ajv's messages expect). */
export function StrEnum<const V extends string>(values: readonly V[]): TUnsafe<V> {
  return Type.Unsafe<V>({ type: 'string', enum: [...values] });
}

/** A closed object: unknown fields are a 400 (`不支持的字段：…`). */
export function Closed<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object(properties, { additionalProperties: false });
}

/** Paging query fields, spread into a list call's querystring schema. */
export const PageProps = {
  pageNum: Type.Integer({ minimum: 1, maximum: 10_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
};

/** Querystring of a list call: paging plus filters; unknown parameters are ignored (GET filters drift). */
export function ListQuery<P extends Record<string, TSchema>>(filters: P) {
  return Type.Object({ ...PageProps, ...filters });
}

/** Querystring paging after defaults: both always present on the server. */
export type Paging = { pageNum: number; pageSize: number };

// ---- answers (CONTRACT.md §2) ----

/** `{code:200, msg, data}`. */
export function DataEnvelope<T extends TSchema, E extends Record<string, TSchema> = Record<never, TSchema>>(data: T, extra?: E) {
  return Type.Object({ code: Type.Literal(200), msg: Type.String(), data, ...(extra ?? ({} as E)) });
}

/** `{code:200, msg}`: a write that answers nothing. */
export const DoneEnvelope = Type.Object({ code: Type.Literal(200), msg: Type.String() });

/** `{code:200, msg:'查询成功', rows, total, totalExact?}`. */
export function PageEnvelope<T extends TSchema>(row: T) {
  return Type.Object({
    code: Type.Literal(200),
    msg: Type.String(),
    rows: Type.Array(row),
    total: Type.Integer(),
    totalExact: Type.Optional(Type.Boolean()),
  });
}

/** A field at fault in a 400 answer. */
export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String(), label: Type.Optional(Type.String()) });

/** Failure: the HTTP status equals `code`. */
export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
  /** Structured details of some refusals (e.g. the definition check of a 409 from a form save). */
  data: Type.Optional(Type.Unknown()),
});

/** An .xlsx (or other file) answer, for the OpenAPI document; the body is a binary stream. */
export const FileAnswer = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'a file (attachment)' });

/** Any JSON value, passed through unchanged (per-form data, stored JSON documents). */
export const AnyJson = Type.Unknown();

/**
 * An object whose keys are not fixed (per-form rows); every key is serialised. Typed as
 * `Record<string, unknown>` so a client reads its keys without casts. An answer's data may be a
 * bare OpenObject only where tests/api/openApi.test.ts lists it with its reason.
 */
export const OpenObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', properties: {}, additionalProperties: true });

export type { Static };
