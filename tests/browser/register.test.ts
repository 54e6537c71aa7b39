/**
 * Issue 32 item 2, the whole cycle in a browser against the real server and the loopback SMS
 * gateway: a visitor registers with the code the gateway received, is told to wait for approval at
 * sign-in, an administrator approves the account (待审核 → 审核通过) in 用户管理, and the visitor signs
 * in and finds the approval in 消息中心. A user resets a forgotten password on the sign-in page
 * (忘记密码) with the code the gateway received, then signs in with the new one. Names and numbers
 * are unique per attempt, so a retry starts afresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, signIn, startBrowserApp, type BrowserApp } from './support/browserApp';
import { startSmsFake, type SmsFake } from '../api/support/smsFake';
import { setTenantConfig } from '../api/support/tenantConfig';
import { deptIdByName } from '../api/support/api';

let app: BrowserApp;
let sms: SmsFake;
let deptId: number;

beforeAll(async () => {
  sms = await startSmsFake();
  app = await startBrowserApp({ config: { smsHttpUrl: sms.url, smsHttpToken: sms.token } });
  deptId = await deptIdByName(app.server, await app.server.login('DEFAULT', 'admin'), '物资设备部');
  for (const [k, v] of [
    ['sys.sms.enabled', 'true'],
    ['sys.register.enabled', 'true'],
    ['sys.register.roles', 'staff'],
    ['sys.register.depts', String(deptId)],
    ['sys.register.approval', 'true'],
  ]) await setTenantConfig(app.server, 'DEFAULT', k, v);
});
afterAll(async () => {
  await app?.close();
  await sms?.close();
});

describe('self-registration', () => {
  it('registers with an SMS code, waits for approval, then signs in', async () => {
    const suffix = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const username = `selfreg${suffix}`;
    const phone = `1360000${suffix}`;
    const page = await app.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: '注册账号' }).click();
    await page.waitForURL(/\/register\?tenantCode=/);
    await page.getByPlaceholder('账号').fill(username);
    await page.getByPlaceholder('姓名').fill('自助用户');
    await page.getByPlaceholder('密码', { exact: true }).fill('Abcdef123');
    await page.getByPlaceholder('确认密码').fill('Abcdef123');
    await page.getByPlaceholder('手机号码').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => sms.messages.some((m) => m.phone === phone)).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /秒后重新获取/ }).isVisible()).toBe(true);
    await page.getByPlaceholder('短信验证码').fill(sms.lastCode(phone));
    await page.getByRole('combobox', { name: '角色' }).selectOption({ label: '普通员工' });
    await page.getByRole('combobox', { name: '部门' }).selectOption({ label: '物资设备部' });
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await expect.poll(() => page.getByText('注册成功，请等待管理员审核').isVisible()).toBe(true);

    await page.getByRole('button', { name: '返回登录' }).click();
    await page.waitForURL(/\/login/);
    await page.getByPlaceholder('账号').fill(username);
    await page.getByPlaceholder('密码').fill('Abcdef123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('您的账号正在等待管理员审核，审核通过后即可登录').first().isVisible()).toBe(true);

    // The administrator approves the waiting account in 用户管理.
    await signIn(page, app.url, '华建工程有限公司');
    await page.goto(`${app.url}/system/user`);
    const row = page.locator('tr', { hasText: username });
    await row.first().waitFor();
    await expect.poll(() => row.getByText('待审核').isVisible()).toBe(true);
    await row.getByRole('button', { name: '审核通过' }).click();
    await page.getByText(`确认审核通过"${username}"的注册申请吗？`).waitFor();
    await animationsSettled(page);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await page.context().clearCookies();

    await signIn(page, app.url, '华建工程有限公司', username, 'Abcdef123');
    await page.goto(`${app.url}/msg/detail`);
    await expect.poll(() => page.getByText('账号审核通过').first().isVisible()).toBe(true);
    expect(app.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it('resets a forgotten password by SMS code on the sign-in page, then signs in with it', async () => {
    const suffix = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const username = `pwreset${suffix}`;
    const phone = `1370000${suffix}`;
    const admin = await app.server.login('DEFAULT', 'admin');
    const made = await app.server.request({ method: 'POST', url: '/api/system/user', token: admin, body: { userName: username, nickName: '重置用户', password: 'Oldpass123', phonenumber: phone, deptId } });
    expect(made.statusCode).toBe(200);
    const page = await app.newPage();
    await page.context().clearCookies();
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: '忘记密码' }).click();
    const dialog = page.getByRole('dialog', { name: '通过短信验证码重置密码' });
    await dialog.waitFor();
    await animationsSettled(page);
    await dialog.getByPlaceholder('手机号码').fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => sms.messages.some((m) => m.phone === phone)).toBe(true);
    await dialog.getByPlaceholder('短信验证码').fill(sms.lastCode(phone));
    await dialog.getByPlaceholder('新密码', { exact: true }).fill('Newpass123');
    await dialog.getByPlaceholder('确认新密码').fill('Newpass123');
    await dialog.getByRole('button', { name: '重置密码' }).click();
    await expect.poll(() => page.getByText('密码重置成功').first().isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await signIn(page, app.url, '华建工程有限公司', username, 'Newpass123');
    expect(page.url()).not.toContain('/login');
  });
});
