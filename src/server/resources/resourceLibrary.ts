/** A tenant's library as one request sees it: every node, and the caller's access over the tree (ADR 1044). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { ResourceAccess } from './resourceAccess.js';
import { loadEntries, loadNodes, principalOf, type NodeRow } from './resourceRepository.js';

export interface Library {
  access: ResourceAccess;
  rows: Map<number, NodeRow>;
  /** Whether the caller may create at the top (the root permission). */
  canAddRoot: boolean;
}

/** Reads the tenant's tree and entries (`db` may be a transaction) and the caller's roles and departments. */
export async function libraryOf(db: Kysely<Database>, user: AuthUser, canAddRoot: boolean): Promise<Library> {
  // One after another: inside a transaction they share one connection.
  const nodes = await loadNodes(db, user.tenantId);
  const entries = await loadEntries(db, user.tenantId);
  const principal = await principalOf(db, user);
  return { access: new ResourceAccess(nodes, entries, principal), rows: new Map(nodes.map((n) => [n.id, n])), canAddRoot };
}
