/**
 * What the records engine asks of approval flows (issue 18, ADR 0970), without importing them.
 * flows/ sits above records/: it reads, writes and re-statuses records through records' services
 * (src/server/README.md "Folder dependencies"). The four moments where a record write concerns a
 * flow reach it through these hooks instead, which flows/services/installFlowHooks.ts sets when a
 * process starts (buildApp, runSeed).
 *
 * A process that never installed them still writes records of forms without a flow; on a flow
 * form it fails loudly rather than write a record with no approval.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormModel } from '../query/formModel.js';
import type { RecordCaller } from './recordContext.js';

export interface FlowHooks {
  /**
   * Before the transaction of a submission (issue 26 item 5): plans the approval's first step from
   * the submitted `values` (a pushed draft: `recordId`), so the transaction does not hold the
   * connection while the engine works. Opaque to records; null when there is nothing to plan.
   * A pushed draft's fields hidden on the merged record (with the `$sql` answers `sqlAnswers`)
   * count as empty, as in onRecordSubmitted.
   */
  planSubmission(db: Kysely<Database>, model: FormModel, caller: RecordCaller, values: Record<string, unknown>, recordId?: number, sqlAnswers?: Record<string, unknown>): Promise<unknown>;
  /**
   * A flow form's record reached sys_status 0 (added, or a draft pushed): start its approval in
   * `trx`, with planSubmission's plan. `hidden`: the top-level fields hidden by their conditions at
   * this submission; the write left their stored values, and the approval takes them as empty.
   * Answers the instance id, or null.
   */
  onRecordSubmitted(trx: Kysely<Database>, model: FormModel, caller: RecordCaller, recordId: number, plan?: unknown, hidden?: readonly string[]): Promise<number | null>;
  /** Records deleted or voided in `trx`: end their running approvals; `by` is who did it. */
  endFlowsOfRecords(trx: Kysely<Database>, model: FormModel, tenantId: number, recordIds: number[], by: { userId: number; userName: string; action: string }): Promise<void>;
  /** Throws the 400 when the record's approval is running (only the approval writes it then). */
  assertNotInApproval(db: Kysely<Database>, tenantId: number, formName: string, recordId: number): Promise<void>;
  /** Those of `ids` whose approval is running. */
  recordsInApproval(db: Kysely<Database>, tenantId: number, formName: string, ids: number[]): Promise<Set<number>>;
}

const notInstalled = (): never => {
  throw new Error('Approval flows are not installed in this process: call installFlowHooks() (src/server/flows/services/installFlowHooks.ts) at start-up.');
};

/** Before installation: forms without a flow need nothing; anything that needs a flow throws. */
const missing: FlowHooks = {
  planSubmission: async () => null,
  onRecordSubmitted: async (_trx, model) => (model.form.definition.hasFlow ? notInstalled() : null),
  endFlowsOfRecords: async (_trx, model, _tenantId, ids) => {
    if (model.form.definition.hasFlow && ids.length) notInstalled();
  },
  assertNotInApproval: async () => notInstalled(),
  recordsInApproval: async (_db, _tenantId, _formName, ids) => (ids.length ? notInstalled() : new Set<number>()),
};

let installed: FlowHooks = missing;

/** Called once per process by flows/services/installFlowHooks.ts (idempotent). */
export function setFlowHooks(hooks: FlowHooks): void {
  installed = hooks;
}

/** The installed flow hooks. */
export function flowHooks(): FlowHooks {
  return installed;
}
