/**
 * Connects the records engine to approval flows (records/services/flowHooks.ts): records/ does
 * not import flows/ (flows is built on records), so each process that writes records installs
 * these once at start-up — buildApp (app.ts) and the seed (services/seed/runSeed.ts).
 */
import { setFlowHooks } from '../../records/services/flowHooks.js';
import { recordsInApproval } from '../repositories/flowInstances.js';
import { assertNotInApproval } from './assertNotInApproval.js';
import { endFlowsOfRecords } from './endFlowsOfRecords.js';
import { onRecordSubmitted, planSubmission } from './startFlow.js';

export function installFlowHooks(): void {
  setFlowHooks({ planSubmission, onRecordSubmitted, endFlowsOfRecords, assertNotInApproval, recordsInApproval });
}
