/**
 * What a `$sql` condition may use (docs/security.md). Everything else is refused, so a function
 * PostgreSQL adds later is refused until someone decides it is harmless and lists it here.
 * Left out on purpose: anything that runs SQL text (query_to_xml and the other *_to_xml /
 * *_to_json query runners), reads or changes settings (set_config, current_setting), touches
 * files, large objects, other databases or locks (pg_*, lo_*, dblink*), regular expressions
 * (no time limit on PGlite), and functions that can allocate without bound (AMPLIFYING_FUNCTIONS).
 * Every function listed must also have a size rule in sizeBound.ts.
 */

/** Functions a condition may call, by their unqualified name (`pg_catalog.` is accepted too). */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'bool_and', 'bool_or', 'every',
  // text
  'length', 'char_length', 'character_length', 'octet_length', 'lower', 'upper', 'initcap',
  'btrim', 'ltrim', 'rtrim', 'substring', 'substr', 'position', 'strpos', 'left', 'right',
  'replace', 'split_part', 'concat', 'concat_ws', 'starts_with', 'overlay', 'translate',
  // lists (`#{roleKeys}` arrives as comma-separated text)
  'string_to_array', 'array_to_string', 'array_length', 'cardinality',
  // numbers
  'abs', 'round', 'ceil', 'ceiling', 'floor', 'trunc', 'mod', 'sign',
  // dates and times
  'now', 'date_trunc', 'date_part', 'extract', 'age', 'make_date', 'to_char', 'to_date',
  'to_timestamp', 'to_number', 'timezone',
]);

/** Type names a cast may name (the parser's internal names: `integer` arrives as `int4`). */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'bool', 'boolean', 'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal',
  'float4', 'float8', 'real', 'text', 'varchar', 'bpchar', 'char', 'date', 'time', 'timetz',
  'timestamp', 'timestamptz', 'interval', 'uuid', 'json', 'jsonb',
]);

/** Operators of expressions (`LIKE` arrives as `~~`); no regular-expression operators. */
export const ALLOWED_OPERATORS: ReadonlySet<string> = new Set([
  '=', '<>', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '||',
  '~~', '!~~', '~~*', '!~~*', '@>', '<@', '&&',
]);

/** `CURRENT_DATE` and friends; `CURRENT_USER`, `SESSION_USER`, `CURRENT_SCHEMA` … are refused. */
export const ALLOWED_VALUE_FUNCTIONS: ReadonlySet<string> = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP',
  'SVFOP_CURRENT_TIMESTAMP_N', 'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP',
  'SVFOP_LOCALTIMESTAMP_N',
]);

/** Kinds of `A_Expr`: operators, IS [NOT] DISTINCT FROM, NULLIF, IN, LIKE, ILIKE, BETWEEN. */
export const ALLOWED_EXPR_KINDS: ReadonlySet<string> = new Set([
  'AEXPR_OP', 'AEXPR_OP_ANY', 'AEXPR_OP_ALL', 'AEXPR_DISTINCT', 'AEXPR_NOT_DISTINCT', 'AEXPR_NULLIF',
  'AEXPR_IN', 'AEXPR_LIKE', 'AEXPR_ILIKE', 'AEXPR_BETWEEN', 'AEXPR_NOT_BETWEEN', 'AEXPR_BETWEEN_SYM',
  'AEXPR_NOT_BETWEEN_SYM',
]);

/**
 * Names that, after a dot (`t.pg_read_file`), PostgreSQL may read as a call of that function on
 * the row: refused there too, although such calls need a composite-typed argument.
 */
export const SUSPICIOUS_NAME = /^(pg_|lo_|dblink)|_to_(xml|json)|xml|set_config|current_setting|query_to|cursor_to/;

/**
 * Functions refused with the reason why (issue 26 item 2): each can build a value far larger than
 * the statement, at a planner cost of ~0.01, and PGlite has no timer to stop it.
 */
export const AMPLIFYING_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ...['repeat', 'lpad', 'rpad', 'format', 'generate_series', 'generate_subscripts', 'array_fill', 'unnest',
    'power', 'pow', 'exp', 'factorial', 'numeric_fac', 'ln', 'log', 'log10', 'sqrt', 'cbrt',
    'jsonb_build_array', 'json_build_array', 'jsonb_build_object', 'json_build_object', 'array_cat', 'array_append', 'array_prepend',
    'to_hex', 'md5', 'encode', 'decode', 'convert', 'convert_to', 'convert_from', 'set_byte', 'overlay_bytes']
    .map((f) => [f, '可能生成极大的值'] as [string, string]),
  ...['string_agg', 'array_agg', 'json_agg', 'jsonb_agg', 'json_object_agg', 'jsonb_object_agg', 'xmlagg']
    .map((f) => [f, '会把所有行拼成一个值'] as [string, string]),
  ...['regexp_replace', 'regexp_matches', 'regexp_match', 'regexp_split_to_array', 'regexp_split_to_table', 'regexp_count',
    'regexp_instr', 'regexp_like', 'regexp_substr', 'similar_to_escape', 'textregexeq']
    .map((f) => [f, '正则表达式没有时间上限'] as [string, string]),
]);

/** System columns: xmin/xmax/cmin/cmax carry the server-wide transaction counter, tableoid/ctid/oid the storage. */
export const SYSTEM_COLUMNS: ReadonlySet<string> = new Set(['xmin', 'xmax', 'cmin', 'cmax', 'tableoid', 'ctid', 'oid']);
