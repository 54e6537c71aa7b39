/**
 * The demo 合同台账's toolbar 打印 was seeded with the fixed link `id=1`, so it printed record 1
 * whatever row was ticked (issue 27 item 1). The fixture now says `id=${id}` (the ticked row);
 * this fixes databases seeded before. Only that button is touched: the form `contract_ledger`,
 * its button 103 named 打印 with sysAction print and info exactly `id=1`. A fixed link an
 * administrator set anywhere else, or a demo button already edited, stays as it is.
 *
 * The fixed definition is stored as the form's next version (saved by 系统升级) so the version
 * list says what changed; restoring an older version brings the old link back on purpose. Plain
 * SQL frozen here, not today's services, so a later change of those cannot change this step.
 */
import { sql } from 'kysely';
import type { Migration } from '../../db/migrations/types.js';

/** Who the version list names as the saver. */
export const MIGRATION_SAVER = '系统升级';

interface Button { id?: unknown; name?: unknown; sysAction?: unknown; info?: unknown }

const isDemoPrint = (b: Button) => b.id === 103 && b.name === '打印' && b.sysAction === 'print' && b.info === 'id=1';

/** Migration 160: the demo 合同台账's 打印 prints the ticked row. */
export const m160DemoPrintLink: Migration = {
  id: 160,
  name: 'demo_print_link',
  async up(db) {
    const forms = await db.selectFrom('form_definitions').select(['id', 'tenant_id', 'definition'])
      .where('en_name', '=', 'contract_ledger').orderBy('id').execute();
    for (const form of forms) {
      const def = (typeof form.definition === 'string' ? JSON.parse(form.definition) : form.definition) as { buttons?: Button[] };
      if (!Array.isArray(def.buttons) || !def.buttons.some(isDemoPrint)) continue;
      const fixed = { ...def, buttons: def.buttons.map((b) => (isDemoPrint(b) ? { ...b, info: 'id=${id}' } : b)) };
      const text = JSON.stringify(fixed);
      await sql`UPDATE form_definitions SET definition = ${text}::jsonb, version = version + 1, update_by = ${MIGRATION_SAVER}, update_time = now()
        WHERE id = ${form.id} AND tenant_id = ${form.tenant_id}`.execute(db);
      const { id: _id, ...stored } = fixed as Record<string, unknown>;
      await sql`INSERT INTO form_definition_versions (form_id, version, tenant_id, definition, saved_by)
        SELECT ${form.id}, COALESCE(MAX(version), 0) + 1, ${form.tenant_id}, ${JSON.stringify(stored)}::jsonb, ${MIGRATION_SAVER}
        FROM form_definition_versions WHERE form_id = ${form.id}`.execute(db);
    }
  },
};
