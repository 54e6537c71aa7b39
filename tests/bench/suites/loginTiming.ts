// Sign-in timing (issue 11 item 5): a wrong password for an existing user and any password for
// an unknown user must take the same time (both run one bcrypt comparison), so user names cannot
// be found by timing. Target: the medians within 20 % of each other. Figures go to
// docs/benchmarks.md, section "Sign-in timing".
import { summarize, type BenchResult } from '../run.js';
import { createTestApp } from '../../api/support/testServer.js';

const ROUNDS = 60;

export default async function loginTiming(): Promise<BenchResult[]> {
  const t = await createTestApp();
  try {
    const known: number[] = [];
    const unknown: number[] = [];
    // Each attempt from its own address, so the lockout never cuts a series short; the two kinds
    // alternate so a change of machine load hits both alike.
    const attempt = async (i: number, username: string) => {
      const start = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: `10.${200 + (i % 50)}.${Math.floor(i / 250) % 250}.${i % 250}`, payload: { username, password: 'not-the-password', tenantCode: 'DEFAULT' } });
      const ms = performance.now() - start;
      if (res.statusCode !== 400) throw new Error(`expected 400, got ${res.statusCode} ${res.body}`);
      return ms;
    };
    for (let i = 0; i < 5; i++) {
      await attempt(10_000 + i, 'admin');
      await attempt(20_000 + i, `nobody_${i}`);
    }
    for (let i = 0; i < ROUNDS; i++) {
      known.push(await attempt(2 * i, 'admin'));
      unknown.push(await attempt(2 * i + 1, `nobody_${i}`));
    }
    const k = summarize('login, existing user, wrong password', known);
    const u = summarize('login, unknown user', unknown);
    const ratio = u.medianMs / k.medianMs;
    u.notes = `unknown/known median ratio ${ratio.toFixed(2)} (target 0.80–1.20)`;
    return [k, u];
  } finally {
    await t.close();
  }
}
