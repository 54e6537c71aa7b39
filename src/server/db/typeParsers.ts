/** pg type parsers shared by PGlite (through its node-postgres adapter) and PostgreSQL. */
import pg from 'pg';

const DATE_OID = 1082;
const INT8_OID = 20;

let installed = false;

/**
 * `date` stays a `YYYY-MM-DD` string (pg would make a local-midnight Date), and `bigint`
 * (ids, count(*)) becomes a number: ids and counts stay far below 2^53.
 */
export function installTypeParsers(): void {
  if (installed) return;
  installed = true;
  pg.types.setTypeParser(DATE_OID, (v: string) => v);
  pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));
}
