/**
 * Every password comparison of sign-in and password change goes through here: unknown users are
 * compared against a fixed hash of the same cost, so answering takes as long for a user name that
 * does not exist as for one that does (no user-name discovery by timing). Each comparison is
 * published on a diagnostics channel, which tests subscribe to in order to count them.
 */
import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { bcryptCost } from './bcryptCost.js';

/**
 * Per cost, a bcrypt hash of a random secret nobody knows (not even this process after the
 * hash), compared when there is no user. Made at the cost new passwords get (bcryptCost), so an
 * unknown user costs what a user whose password was set here costs (after the first such
 * comparison of a process, which also makes the hash).
 */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(): Promise<string> {
  const cost = bcryptCost();
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = bcrypt.hash(randomBytes(18).toString('base64'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** Channel name of the comparison events `{ userFound: boolean }`. */
export const PASSWORD_CHECK_CHANNEL = 'formwork:auth:password-check';
const channel = diagnostics.channel(PASSWORD_CHECK_CHANNEL);

/** Compares `password` with `hash`, or with the dummy hash when `hash` is null (always false then). */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (channel.hasSubscribers) channel.publish({ userFound: !!hash });
  const ok = await bcrypt.compare(password, hash || (await dummyHash()));
  return ok && !!hash;
}
