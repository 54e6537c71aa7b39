/** Anonymous form settings (table anonymous_forms) and the attempts counted per client address (anonymous_submissions). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

export interface AnonymousSettingRow {
  enabled: boolean;
  sys_status: number;
  update_by: string;
}

/** The setting of a tenant's form, if an administrator made one. */
export async function findAnonymousSetting(db: Kysely<Database>, tenantId: number, formName: string): Promise<AnonymousSettingRow | undefined> {
  return db.selectFrom('anonymous_forms').select(['enabled', 'sys_status', 'update_by']).where('tenant_id', '=', tenantId).where('form_name', '=', formName).executeTakeFirst();
}

/** Writes a tenant's form setting. */
export async function saveAnonymousSetting(db: Kysely<Database>, tenantId: number, formName: string, s: { enabled: boolean; sysStatus: number; updateBy: string }): Promise<void> {
  await db
    .insertInto('anonymous_forms')
    .values({ tenant_id: tenantId, form_name: formName, enabled: s.enabled, sys_status: s.sysStatus, update_by: s.updateBy, update_time: new Date() })
    .onConflict((oc) => oc.columns(['tenant_id', 'form_name']).doUpdateSet({ enabled: s.enabled, sys_status: s.sysStatus, update_by: s.updateBy, update_time: new Date() }))
    .execute();
}

/**
 * Counts an attempt from `ip` unless it already made `limit` since `since`: the count and the
 * insert run under an advisory lock per address, so parallel requests cannot all pass.
 */
export async function reserveAnonymousAttempt(db: Kysely<Database>, a: { ip: string; tenantId: number; formName: string; now: Date; since: Date; limit: number }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'formwork.anonymous:' + a.ip}))`.execute(trx);
    // Every address's attempts older than the window go: the table holds about one window's worth.
    await trx.deleteFrom('anonymous_submissions').where('submit_time', '<', a.since).execute();
    const row = await trx
      .selectFrom('anonymous_submissions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_ip', '=', a.ip)
      .where('submit_time', '>=', a.since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= a.limit) return false;
    await trx.insertInto('anonymous_submissions').values({ client_ip: a.ip, tenant_id: a.tenantId, form_name: a.formName, submit_time: a.now }).execute();
    return true;
  });
}
