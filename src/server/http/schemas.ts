/** JSON-schema building blocks for request validation (Ajv, unknown fields refused). */

/** A string, optionally bounded; `minLength: 1` makes an empty string a `…不能为空` error. */
export function str(opts: { min?: number; max?: number; pattern?: string } = {}) {
  return { type: 'string', ...(opts.min !== undefined && { minLength: opts.min }), maxLength: opts.max ?? 500, ...(opts.pattern && { pattern: opts.pattern }) } as const;
}

/** A string or null (clients send null for cleared fields). */
export function optStr(max = 500) {
  return { type: ['string', 'null'], maxLength: max } as const;
}

/** A positive integer id. */
export const id = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;

/** An id or null. */
export const optId = { type: ['integer', 'null'], minimum: 0, maximum: 9_007_199_254_740_991 } as const;

/** A non-empty list of ids (delete calls). */
export const idList = { type: 'array', items: id, minItems: 1, maxItems: 1000 } as const;

/** `{id}` in the path. */
export const idParams = { type: 'object', properties: { id }, required: ['id'], additionalProperties: false } as const;

/** '0' (normal) or '1' (disabled). */
export const status01 = { type: 'string', enum: ['0', '1'] } as const;

/** A closed object schema. */
export function obj(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

/** Paging query fields, merged into a list call's querystring schema. */
export const pageProps = {
  pageNum: { type: 'integer', minimum: 1, maximum: 10_000_000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
} as const;

/** Querystring schema: paging plus filters; unknown parameters are ignored (GET filters drift). */
export function listQuery(filters: Record<string, unknown>) {
  return { type: 'object', properties: { ...pageProps, ...filters } } as const;
}
