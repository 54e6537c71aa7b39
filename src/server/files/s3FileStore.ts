/**
 * A FileStore on S3-compatible object storage (AWS S3, MinIO, Ceph, OSS/COS S3 endpoints), so
 * every API process behind a load balancer sees the same files (docs/adr/0820-s3-file-store.md).
 * Keys are used as they come from fileKeys.ts: `t{tenantId}/…` is the tenant prefix.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeOf } from './contentDisposition.js';
import type { FileStore, StoredObject } from './fileStore.js';

/** Connection settings of the S3 store (FILE_STORE=s3; filesConfig.ts reads them). */
export interface S3StoreSettings {
  /** e.g. http://minio:9000; absent → the AWS endpoint of `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Absent → the SDK's default credential chain (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted servers need path-style URLs (`endpoint/bucket/key`). */
  forcePathStyle: boolean;
}

/**
 * Parts of a multipart upload: S3's minimum is 5 MiB; 8 MiB with two in flight bounds one upload's
 * memory to about 16 MiB whatever the file's size.
 */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The S3 client of `settings`. */
export function s3ClientOf(settings: S3StoreSettings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
    // default trailing checksums (aws-chunked bodies); integrity comes from TLS and Content-MD5-free ETags.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (settings.accessKeyId && settings.secretAccessKey) {
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  }
  return new S3Client(config);
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** A FileStore over `bucket`; `client` is shared by every call (its sockets are pooled). */
export function s3FileStore(client: S3Client, bucket: string): FileStore {
  return {
    async put(key: string, body: Readable): Promise<StoredObject> {
      // Count while streaming: the size comes without a second request, and pipeline() carries a
      // failing source (the multipart size limit) into the upload, which then aborts its parts.
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(body, counted, () => {});
      const name = key.slice(key.lastIndexOf('/') + 1);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: counted, ContentType: contentTypeOf(name) },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        counted.destroy();
        body.destroy();
        // A source error is the one to report (e.g. FST_REQ_FILE_TOO_LARGE becomes a 413).
        throw (body as { errored?: Error | null }).errored ?? err;
      }
      return { size };
    },
    async get(key: string) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key: string): Promise<StoredObject | null> {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key: string): Promise<void> {
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
