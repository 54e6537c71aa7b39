/**
 * The one place the records engine reaches into schema-adapters for behaviour (not types), so
 * that a missing or renamed adapter export shows up here only.
 */
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';

/** Runs the adapter's definition validator when it exists; throws a 400 with its messages. */
export function validateWithAdapter(_def: FormDefinition): void {
  // Filled in once schema-adapters exports its definition validator.
}
