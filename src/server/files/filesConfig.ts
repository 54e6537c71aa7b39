/** Upload settings: the store folder under DATA_DIR and the size limit (UPLOAD_MAX_MB, default 1024). */
import { join } from 'node:path';
import type { AppConfig } from '../config.js';

/** Spec 02 §5, §9: default maximum upload size in MB. */
export const DEFAULT_UPLOAD_MAX_MB = 1024;

export interface FilesConfig {
  rootDir: string;
  maxSizeMb: number;
}

/** Reads the files settings; a bad UPLOAD_MAX_MB falls back to the default. */
export function filesConfig(config: Pick<AppConfig, 'dataDir'>, env: NodeJS.ProcessEnv = process.env): FilesConfig {
  const n = Number(env.UPLOAD_MAX_MB);
  return {
    rootDir: env.FILES_DIR || join(config.dataDir, 'files'),
    maxSizeMb: Number.isFinite(n) && n > 0 ? n : DEFAULT_UPLOAD_MAX_MB,
  };
}

/** The oversize message of spec 02 §5. */
export function tooLargeMessage(maxSizeMb: number): string {
  return `文件大小超过 ${maxSizeMb}MB`;
}
