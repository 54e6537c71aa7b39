/** A seeded test app plus helpers for records tests: JSON calls, roles and users with permissions. */
import { createTestApp, type TestApp } from '../../support/testServer.js';

export interface Call {
  status: number;
  json: any;
}

/** A test app with a signed-in admin per tenant. */
export interface RecordsApp extends TestApp {
  admin: string;
  admin2: string;
  call(token: string, method: string, url: string, body?: unknown): Promise<Call>;
  /** A user of tenant DEFAULT holding exactly `permissions`; answers its token and id. */
  userWith(name: string, permissions: string[]): Promise<{ token: string; userId: number }>;
}

/** Builds the app on a fresh seeded database. */
export async function recordsApp(): Promise<RecordsApp> {
  const t = await createTestApp();
  const admin = await t.login('DEFAULT');
  const admin2 = await t.login('T2');
  const call = async (token: string, method: string, url: string, body?: unknown): Promise<Call> => {
    const res = await t.request({ method, url, token, body });
    let json: any = null;
    try { json = res.json(); } catch { json = res.body; }
    return { status: res.statusCode, json };
  };
  const userWith = async (name: string, permissions: string[]) => {
    const role = await call(admin, 'POST', '/api/system/role', { roleName: `角色${name}`, roleKey: `r_${name}`, permissions });
    if (role.status !== 200) throw new Error(`role: ${JSON.stringify(role.json)}`);
    const dept = await t.db.selectFrom('depts').innerJoin('tenants', 'tenants.id', 'depts.tenant_id').select('depts.id').where('tenants.code', '=', 'DEFAULT').orderBy('depts.id').executeTakeFirstOrThrow();
    const user = await call(admin, 'POST', '/api/system/user', { userName: `u_${name}`, nickName: `用户${name}`, password: 'secret123', deptId: dept.id, roleIds: [role.json.data.roleId] });
    if (user.status !== 200) throw new Error(`user: ${JSON.stringify(user.json)}`);
    return { token: await t.login('DEFAULT', `u_${name}`, 'secret123'), userId: user.json.data.userId };
  };
  return { ...t, admin, admin2, call, userWith };
}
