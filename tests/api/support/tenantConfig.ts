/** Sets a system config (系统参数) of a tenant directly, for tests of settings read per request. */
import type { TestApp } from './testServer.js';

export async function setTenantConfig(t: TestApp, tenantCode: string, key: string, value: string): Promise<void> {
  const tenant = await t.db.selectFrom('tenants').select('id').where('code', '=', tenantCode).executeTakeFirstOrThrow();
  await t.db.deleteFrom('configs').where('tenant_id', '=', tenant.id).where('config_key', '=', key).execute();
  await t.db.insertInto('configs').values({ tenant_id: tenant.id, config_name: key, config_key: key, config_value: value }).execute();
}
