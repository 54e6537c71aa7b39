/**
 * Every password comparison of sign-in and password change goes through here: unknown users are
 * compared against a fixed hash of the same cost, so answering takes as long for a user name that
 * does not exist as for one that does (no user-name discovery by timing). Each comparison is
 * published on a diagnostics channel, which tests subscribe to in order to count them.
 */
import bcrypt from 'bcryptjs';
import diagnostics from 'node:diagnostics_channel';
import { BCRYPT_COST } from '../services/userService.js';

/** A bcrypt hash (cost BCRYPT_COST) of a random secret nobody knows; compared when there is no user. */
export const DUMMY_HASH = '$2b$10$ksdzmQf5e5gRlFEF3vFGr.IKXk/hnNNTJhxU1IJltZKuyY4/VZNIC';

/** Channel name of the comparison events `{ userFound: boolean }`. */
export const PASSWORD_CHECK_CHANNEL = 'formwork:auth:password-check';
const channel = diagnostics.channel(PASSWORD_CHECK_CHANNEL);

// A cost change without a new dummy hash would bring the timing difference back.
if (Number(DUMMY_HASH.split('$')[2]) !== BCRYPT_COST) throw new Error('DUMMY_HASH must use BCRYPT_COST');

/** Compares `password` with `hash`, or with the dummy hash when `hash` is null (always false then). */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (channel.hasSubscribers) channel.publish({ userFound: !!hash });
  const ok = await bcrypt.compare(password, hash || DUMMY_HASH);
  return ok && !!hash;
}
