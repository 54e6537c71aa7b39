/** The `$sql` condition guard: placeholders → parameters, then a parser-based allowlist check. */
export { guardSql, guardSqlSync, loadSqlParser, MAX_SQL_LENGTH, SqlGuardError, type GuardContext, type GuardResult } from './guard.js';
export { MAX_VALUE_CHARS, MAX_VALUE_MULTIPLE, type Bound } from './sizeBound.js';
export { prepareSqlText, sqlOfCondition, type Placeholder, type PreparedSql } from './placeholders.js';
export { ALLOWED_FUNCTIONS, ALLOWED_OPERATORS, ALLOWED_TYPES, AMPLIFYING_FUNCTIONS } from './allowlist.js';

/** Longest text one bound value (`${field}`, `#{…}`) of a `$sql` condition may have: the U of sizeBound.ts. */
export const MAX_PARAM_LENGTH = 10_000;
