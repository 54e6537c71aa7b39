/** Runs a dashboard panel's aggregation (query/aggregateQuery.ts) or progress board (query/progressQuery.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import type { Reader } from '../query/rowScope.js';
import { compileProgress, type CompiledProgress, type ProgressRow, type ProgressSpec } from '../query/progressQuery.js';
import { compileAggregate, type AggregateRow, type AggregateSpec, type CompiledAggregate } from '../query/aggregateQuery.js';

/** The compiled panel and its rows. */
export async function runAggregate(db: Kysely<Database>, model: FormModel, spec: AggregateSpec, reader: Reader, ctx: UserContext): Promise<{ compiled: CompiledAggregate; rows: AggregateRow[] }> {
  const compiled = compileAggregate(model, spec, reader, ctx);
  const { rows } = await compiled.query.execute(db);
  return { compiled, rows };
}

/** The rows of a progress board (query/progressQuery.ts). */
export async function runProgress(db: Kysely<Database>, model: FormModel, spec: ProgressSpec, reader: Reader, ctx: UserContext): Promise<{ compiled: CompiledProgress; rows: ProgressRow[] }> {
  const compiled = compileProgress(model, spec, reader, ctx);
  const { rows } = await compiled.query.execute(db);
  return { compiled, rows };
}
