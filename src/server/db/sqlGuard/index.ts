/** The `$sql` condition guard: placeholders → parameters, then a parser-based allowlist check. */
export { guardSql, guardSqlSync, loadSqlParser, MAX_SQL_LENGTH, SqlGuardError, type GuardContext } from './guard.js';
export { prepareSqlText, sqlOfCondition, type Placeholder, type PreparedSql } from './placeholders.js';
export { ALLOWED_FUNCTIONS, ALLOWED_OPERATORS, ALLOWED_TYPES } from './allowlist.js';
