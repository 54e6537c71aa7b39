/** The shape of one numbered migration. */
import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export interface Migration {
  /** Unique and increasing; 1–99 foundation, 100+ records engine. */
  id: number;
  name: string;
  /** Runs inside a transaction; must be plain SQL both PGlite and PostgreSQL accept. */
  up(db: Kysely<Database>): Promise<void>;
}
