/**
 * The server's lint boundaries (issue 13 item 5): raw SQL only in the SQL layer, no `any`
 * outside routes. Runs ESLint with the project's config on small texts placed at real paths.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function rules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const RAW = "import { sql, type Kysely } from 'kysely';\nexport const q = (db: Kysely<never>) => sql`SELECT 1`.execute(db);\n";

describe('server lint boundaries', { timeout: 60_000 }, () => {
  it('refuses the sql tag, CompiledQuery and pg outside the SQL layer', async () => {
    expect(await rules('src/server/records/services/probe.ts', RAW)).toContain('no-restricted-imports');
    expect(await rules('src/server/records/write/probe.ts', "import { CompiledQuery } from 'kysely';\nexport const c = CompiledQuery.raw('SELECT 1');\n")).toContain('no-restricted-imports');
    expect(await rules('src/server/jobs/probe.ts', "import pg from 'pg';\nexport const P = pg.Pool;\n")).toContain('no-restricted-imports');
  });

  it('allows them in repositories, the database module and the query builders', async () => {
    for (const path of ['src/server/records/repositories/probe.ts', 'src/server/repositories/probeRepository.ts', 'src/server/db/probe.ts', 'src/server/records/query/probe.ts', 'src/server/records/storage/probe.ts']) {
      expect(await rules(path, RAW), path).toEqual([]);
    }
  });

  it('refuses an explicit any in the server', async () => {
    expect(await rules('src/server/records/services/probe.ts', 'export const f = (x: any) => x;\n')).toContain('@typescript-eslint/no-explicit-any');
  });
});
