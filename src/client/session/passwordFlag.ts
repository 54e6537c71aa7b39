/** The stored "password needs changing" flag (spec 02 §4 "Password security"). */
import { CONFIG_KEYS, isOn } from './configKeys';

const KEY = 'formwork.needPerfect';

/** Remember that the password must be changed. */
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

/** A password the platform treats as weak: under 8 characters, or without both letters and digits. */
export function isWeakPassword(password: string): boolean {
  return password.length < 8 || !/[A-Za-z]/.test(password) || !/\d/.test(password);
}
