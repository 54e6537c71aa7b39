/**
 * A real S3-compatible server for a test file: s3rver on 127.0.0.1 and a random port, its objects
 * in a temporary folder, one bucket. `env` is the configuration that points FILE_STORE at it;
 * `client` (the AWS SDK's own S3 client) lets a test look into the bucket behind the API's back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientOf, type S3StoreSettings } from '../../../src/server/files/s3FileStore.js';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  settings: S3StoreSettings;
  /** FILE_STORE=s3 and the S3_* variables for this server. */
  env: Record<string, string>;
  client: S3Client;
  /** Every key in the bucket (optionally under a prefix). */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/** s3rver's default credentials; it checks signatures made with them. */
const KEY = 'S3RVER';

export async function startS3Server(bucket = 'formwork-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'fw-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3StoreSettings = { endpoint, bucket, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true };
  const client = s3ClientOf(settings);
  return {
    endpoint,
    bucket,
    settings,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async close() {
      client.destroy();
      // Keep-alive sockets of the app's S3 client would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Sets `vars` in process.env and returns a function that puts the previous values back. */
export function withEnv(vars: Record<string, string>): () => void {
  const previous = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of Object.entries(previous)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
