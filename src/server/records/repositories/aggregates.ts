/** Runs a dashboard panel's aggregation (query/aggregateQuery.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';
import type { UserContext } from '../../../../schema-adapters/definition/types.js';
import { compileAggregate, type AggregateRow, type AggregateSpec, type CompiledAggregate } from '../query/aggregateQuery.js';

/** The compiled panel and its rows. */
export async function runAggregate(db: Kysely<Database>, model: FormModel, spec: AggregateSpec, tenantId: number, ctx: UserContext): Promise<{ compiled: CompiledAggregate; rows: AggregateRow[] }> {
  const compiled = compileAggregate(model, spec, tenantId, ctx);
  const { rows } = await compiled.query.execute(db);
  return { compiled, rows };
}
