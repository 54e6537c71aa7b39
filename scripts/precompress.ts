/**
 * A Vite plugin that writes `.br` (quality 11) and `.gz` (level 9) beside each compressible file of
 * the client build (issue 28 item 4, ADR 0418): the server sends them with their Content-Encoding
 * (@fastify/static `preCompressed`), so the client's files cost no CPU per request and go out at
 * brotli's best ratio, which would be too slow to reach on the fly.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/i;
const MIN_BYTES = 1024;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path)));
    else if (COMPRESSIBLE.test(entry.name)) out.push(path);
  }
  return out;
}

/** Compresses one file's siblings; a file that would not shrink gets none. */
async function precompressFile(path: string): Promise<void> {
  if ((await stat(path)).size < MIN_BYTES) return;
  const raw = await readFile(path);
  const [b, g] = await Promise.all([
    br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  if (b.length < raw.length) await writeFile(`${path}.br`, b);
  if (g.length < raw.length) await writeFile(`${path}.gz`, g);
}

/** The plugin: runs once the bundle is written to `build.outDir`. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'formwork-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const list = await files(outDir);
      // A few at a time: brotli 11 is CPU-heavy and the build machine has two cores.
      for (let i = 0; i < list.length; i += 4) await Promise.all(list.slice(i, i + 4).map(precompressFile));
    },
  };
}
