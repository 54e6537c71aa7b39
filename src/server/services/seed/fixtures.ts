/** Reads the seed data of fixtures/seed/*.json. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const seedDir = new URL('../../../../fixtures/seed/', import.meta.url);

/** The parsed contents of fixtures/seed/{name}.json. */
export function readSeedFixture<T>(name: string): T {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`${name}.json`, seedDir)), 'utf8')) as T;
}
