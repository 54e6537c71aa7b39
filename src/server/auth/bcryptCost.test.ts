import { afterEach, describe, expect, it } from 'vitest';
import { bcryptCost, DEFAULT_BCRYPT_COST } from './bcryptCost.js';
import { hashPassword } from '../services/userService.js';
import { verifyPassword } from './passwordCheck.js';

const saved = process.env.BCRYPT_COST;
afterEach(() => {
  if (saved === undefined) delete process.env.BCRYPT_COST;
  else process.env.BCRYPT_COST = saved;
});

describe('bcryptCost', () => {
  it('is 10 unless BCRYPT_COST says otherwise, and refuses a cost outside 4–14', () => {
    expect(bcryptCost({})).toBe(DEFAULT_BCRYPT_COST);
    expect(DEFAULT_BCRYPT_COST).toBe(10);
    expect(bcryptCost({ BCRYPT_COST: '' })).toBe(10);
    expect(bcryptCost({ BCRYPT_COST: '12' })).toBe(12);
    for (const bad of ['3', '15', '10.5', 'ten']) expect(() => bcryptCost({ BCRYPT_COST: bad })).toThrow(`BCRYPT_COST must be an integer from 4 to 14, got "${bad}"`);
  });

  it('new hashes take the cost set when they are made; comparisons read the cost of the stored hash', async () => {
    process.env.BCRYPT_COST = '5';
    const five = await hashPassword('secret1');
    expect(five).toMatch(/^\$2[ab]\$05\$/);
    process.env.BCRYPT_COST = '4';
    const four = await hashPassword('secret1');
    expect(four).toMatch(/^\$2[ab]\$04\$/);
    expect(await verifyPassword('secret1', five)).toBe(true);
    expect(await verifyPassword('secret2', five)).toBe(false);
    // An unknown user (no hash) is compared with a dummy hash and never passes.
    expect(await verifyPassword('secret1', null)).toBe(false);
  });
});
