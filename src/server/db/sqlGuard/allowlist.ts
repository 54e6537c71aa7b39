/**
 * What a `$sql` condition may use (docs/security.md). Everything else is refused, so a function
 * PostgreSQL adds later is refused until someone decides it is harmless and lists it here.
 * Left out on purpose: anything that runs SQL text (query_to_xml and the other *_to_xml /
 * *_to_json query runners), reads or changes settings (set_config, current_setting), touches
 * files, large objects, other databases or locks (pg_*, lo_*, dblink*), regular expressions
 * (no time limit on PGlite), and functions that can allocate without bound (repeat, lpad, rpad,
 * generate_series).
 */

/** Functions a condition may call, by their unqualified name (`pg_catalog.` is accepted too). */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'bool_and', 'bool_or', 'every', 'string_agg', 'array_agg',
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
