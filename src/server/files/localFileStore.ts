/** The default FileStore: plain files in a folder (DATA_DIR/files), one sub-folder per key segment. */
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore, StoredObject } from './fileStore.js';

/** Resolves a key inside `root`, refusing anything that would leave it (defence in depth). */
function pathOf(root: string, key: string): string {
  const full = resolve(root, key);
  if (!full.startsWith(root + sep)) throw new Error(`file key outside the store: ${key}`);
  return full;
}

/** A FileStore over the folder `root` (created on first write). */
export function localFileStore(rootDir: string): FileStore {
  const root = resolve(rootDir);
  return {
    async put(key: string, body: Readable): Promise<StoredObject> {
      const path = pathOf(root, key);
      await mkdir(dirname(path), { recursive: true });
      // Written under a side name and renamed when complete: a process killed while writing
      // leaves no file at the key, so nothing half-written is ever offered for download, and a
      // job redone after the kill overwrites the side file (ADR 0807). An existing key is refused
      // as before.
      if (await stat(path).catch(() => null)) throw Object.assign(new Error(`file exists: ${key}`), { code: 'EEXIST' });
      const partial = `${path}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'w' }));
        await link(partial, path);
      } finally {
        await rm(partial, { force: true });
      }
      return { size: (await stat(path)).size };
    },
    async get(key: string) {
      const path = pathOf(root, key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(path), size: info.size };
    },
    async stat(key: string): Promise<StoredObject | null> {
      const info = await stat(pathOf(root, key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    async remove(key: string): Promise<void> {
      await rm(pathOf(root, key), { force: true });
    },
  };
}
