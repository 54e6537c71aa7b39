/** The LOGIN roles `$sql` conditions run under on PostgreSQL, and their passwords. */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';

/** Migration 110: `sql_roles`, readable by the application only (the tenant roles get no grant on it). */
export const m110SqlRoles: Migration = {
  id: 110,
  name: 'sql_roles',
  async up(db) {
    await sql`
      CREATE TABLE sql_roles (
        tenant_id int PRIMARY KEY REFERENCES tenants(id),
        role_name text NOT NULL,
        -- Random per role, for servers whose pg_hba asks the role for a password.
        password text NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
  },
};
