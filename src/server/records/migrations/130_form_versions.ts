/**
 * Saved versions of form definitions (issue 19 item 2, ADR 0980): every save (create, edit,
 * import, restore) stores the definition it writes with a number, time and user, so the one it
 * replaces is always kept. Existing forms get their current definition as version 1.
 */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';

/** Migration 130: form_definition_versions, seeded with each form's current definition. */
export const m130FormVersions: Migration = {
  id: 130,
  name: 'form_definition_versions',
  async up(db) {
    await sql`
      CREATE TABLE form_definition_versions (
        form_id int NOT NULL REFERENCES form_definitions(id) ON DELETE CASCADE,
        version int NOT NULL,
        tenant_id int NOT NULL REFERENCES tenants(id),
        -- The definition as saved (fields carry their columnId), so a restore finds retired data.
        definition jsonb NOT NULL,
        saved_by text NOT NULL DEFAULT '',
        saved_time timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (form_id, version)
      );
      CREATE INDEX ix_form_definition_versions_tenant ON form_definition_versions (tenant_id, form_id);
      INSERT INTO form_definition_versions (form_id, version, tenant_id, definition, saved_by, saved_time)
        SELECT id, 1, tenant_id, definition, update_by, update_time FROM form_definitions;
    `.execute(db);
  },
};
