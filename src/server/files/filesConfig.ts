/**
 * Upload settings: the size limit (UPLOAD_MAX_MB, default 1024) and where files live — a folder
 * under DATA_DIR (FILE_STORE=local, the default) or an S3-compatible bucket (FILE_STORE=s3).
 */
import { join } from 'node:path';
import type { AppConfig } from '../config.js';
import type { S3StoreSettings } from './s3FileStore.js';

/** Spec 02 §5, §9: default maximum upload size in MB. */
export const DEFAULT_UPLOAD_MAX_MB = 1024;

export interface FilesConfig {
  /** The local store's folder (also set with FILE_STORE=s3, unused then). */
  rootDir: string;
  maxSizeMb: number;
  /** The S3 bucket when FILE_STORE=s3, else null. */
  s3: S3StoreSettings | null;
}

function flag(value: string | undefined): boolean {
  return /^(1|true|yes|on)$/i.test((value ?? '').trim());
}

/** The S3 settings of FILE_STORE=s3; a missing bucket is a start-up error, not a failure on first upload. */
function s3Settings(env: NodeJS.ProcessEnv): S3StoreSettings {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!!accessKeyId !== !!secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE),
  };
}

/** Reads the files settings; a bad UPLOAD_MAX_MB falls back to the default, a bad FILE_STORE throws. */
export function filesConfig(config: Pick<AppConfig, 'dataDir'>, env: NodeJS.ProcessEnv = process.env): FilesConfig {
  const n = Number(env.UPLOAD_MAX_MB);
  const kind = (env.FILE_STORE || 'local').trim().toLowerCase();
  if (kind !== 'local' && kind !== 's3') throw new Error(`FILE_STORE must be "local" or "s3", got "${env.FILE_STORE}"`);
  return {
    rootDir: env.FILES_DIR || join(config.dataDir, 'files'),
    maxSizeMb: Number.isFinite(n) && n > 0 ? n : DEFAULT_UPLOAD_MAX_MB,
    s3: kind === 's3' ? s3Settings(env) : null,
  };
}

/** The oversize message of spec 02 §5. */
export function tooLargeMessage(maxSizeMb: number): string {
  return `文件大小超过 ${maxSizeMb}MB`;
}
