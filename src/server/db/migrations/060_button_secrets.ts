/**
 * Issue 17 item 4: the secrets custom-button webhooks sign their calls with, one set per tenant.
 * A button names a secret; the value stays here and is never sent to a browser.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m060ButtonSecrets: Migration = {
  id: 60,
  name: 'button_secrets',
  async up(db) {
    await sql`
      CREATE TABLE button_secrets (
        tenant_id int NOT NULL REFERENCES tenants(id),
        name text NOT NULL,
        value text NOT NULL,
        update_by text NOT NULL DEFAULT '',
        update_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant_id, name)
      );
    `.execute(db);
  },
};
