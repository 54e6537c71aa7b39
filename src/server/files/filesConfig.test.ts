import { describe, expect, it } from 'vitest';
import { filesConfig } from './filesConfig.js';

describe('filesConfig', () => {
  it('defaults to the folder under DATA_DIR', () => {
    const c = filesConfig({ dataDir: '/data' }, {});
    expect(c).toEqual({ rootDir: '/data/files', maxSizeMb: 1024, s3: null });
  });

  it('reads FILE_STORE=s3 with its bucket, endpoint, region, keys and path style', () => {
    const c = filesConfig({ dataDir: '/data' }, {
      FILE_STORE: 'S3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'formwork', S3_REGION: 'cn-north-1',
      S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'formwork', region: 'cn-north-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    expect(filesConfig({ dataDir: '/d' }, { FILE_STORE: 's3', S3_BUCKET: 'b' }).s3).toMatchObject({ region: 'us-east-1', forcePathStyle: false, endpoint: undefined, accessKeyId: undefined });
  });

  it('refuses an unknown store, a missing bucket and half a key pair at start-up', () => {
    expect(() => filesConfig({ dataDir: '/d' }, { FILE_STORE: 'ftp' })).toThrow('FILE_STORE must be "local" or "s3"');
    expect(() => filesConfig({ dataDir: '/d' }, { FILE_STORE: 's3' })).toThrow('FILE_STORE=s3 needs S3_BUCKET');
    expect(() => filesConfig({ dataDir: '/d' }, { FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'x' })).toThrow('go together');
  });
});
