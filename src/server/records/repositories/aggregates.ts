/** Runs a dashboard panel's aggregation (query/aggregateQuery.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import type { Reader } from '../query/rowScope.js';
import { compileAggregate, type AggregateRow, type AggregateSpec, type CompiledAggregate } from '../query/aggregateQuery.js';

/** The compiled panel and its rows. */
export async function runAggregate(db: Kysely<Database>, model: FormModel, spec: AggregateSpec, reader: Reader, ctx: UserContext): Promise<{ compiled: CompiledAggregate; rows: AggregateRow[] }> {
  const compiled = compileAggregate(model, spec, reader, ctx);
  const { rows } = await compiled.query.execute(db);
  return { compiled, rows };
}
