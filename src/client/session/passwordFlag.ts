/** The stored "password needs changing" flag (spec 02 §4 "Password security"). */
import { CONFIG_KEYS, isOn } from './configKeys';

const KEY = 'formwork.needPerfect';

/** Remember the server's `needPerfect` answer of the sign-in (the server alone judges the password). */
export function setNeedPerfect(on: boolean): void {
  if (on) sessionStorage.setItem(KEY, '1');
  else sessionStorage.removeItem(KEY);
}

/**
 * Whether the user must be sent to the profile page: the flag is stored and either
 * sys.password.check or sys.password.force.update is on; otherwise the flag is cleared.
 */
export function mustChangePassword(config: Record<string, string>): boolean {
  if (sessionStorage.getItem(KEY) !== '1') return false;
  if (!isOn(config[CONFIG_KEYS.passwordCheck]) && !isOn(config[CONFIG_KEYS.passwordForce])) {
    setNeedPerfect(false);
    return false;
  }
  return true;
}
