/** The configured FileStore, one per application configuration (its S3 client pools connections). */
import type { AppConfig } from '../config.js';
import { filesConfig } from './filesConfig.js';
import type { FileStore } from './fileStore.js';
import { localFileStore } from './localFileStore.js';

// Keyed by the config object every plugin of one app shares (app.config), so the upload, avatar
// and seed code of one app use one store and one S3 client, and a second app (tests) its own.
const stores = new WeakMap<object, Promise<FileStore>>();

async function open(config: Pick<AppConfig, 'dataDir'>, env: NodeJS.ProcessEnv): Promise<FileStore> {
  const settings = filesConfig(config, env);
  if (!settings.s3) return localFileStore(settings.rootDir);
  // The AWS SDK is loaded only when configured (over a second of start-up on a busy machine).
  const { s3ClientOf, s3FileStore } = await import('./s3FileStore.js');
  return s3FileStore(s3ClientOf(settings.s3), settings.s3.bucket);
}

/** The store FILE_STORE names: the folder under DATA_DIR, or the S3 bucket. */
export function fileStoreFor(config: Pick<AppConfig, 'dataDir'>, env: NodeJS.ProcessEnv = process.env): Promise<FileStore> {
  let store = stores.get(config);
  if (!store) {
    store = open(config, env);
    stores.set(config, store);
    // A bad configuration is reported to every caller, and a later call tries again.
    store.catch(() => stores.delete(config));
  }
  return store;
}
