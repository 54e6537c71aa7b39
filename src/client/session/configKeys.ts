/** System config keys the shell reads (spec 02 §3 "System config keys"). */
export const CONFIG_KEYS = {
  headIcon: 'sys.head.ico',
  headTitle: 'sys.head.title',
  loginLogo: 'sys.login.logo',
  loginBg: 'sys.login.bg.image',
  loginTitle: 'sys.login.title',
  loginCopyright: 'sys.login.copyright',
  loginBoxPosition: 'sys.login.box.position',
  hideRemember: 'sys.login.hide.remember',
  captcha: 'sys.account.captchaEnabled',
  supplierTitle: 'sys.supplier.login.title',
  mainTitle: 'sys.main.title',
  sidebarLogo: 'sys.sidebar.logo',
  watermark: 'sys.show.watermark',
  passwordCheck: 'sys.password.check',
  passwordForce: 'sys.password.force.update',
} as const;

/** Keys fetched before sign-in (no token): what the login screen shows. */
export const PUBLIC_CONFIG_KEYS: string[] = Object.values(CONFIG_KEYS);

/** Whether a config value means "on". */
export function isOn(value: string | undefined): boolean {
  return value === 'true' || value === '1' || value === 'Y';
}
