/**
 * Where uploaded files live. The default is a folder under DATA_DIR (localFileStore); an
 * S3-compatible store (s3FileStore) implements the same calls for several API processes.
 */
import type { Readable } from 'node:stream';

/** What a store knows of a stored object. */
export interface StoredObject {
  size: number;
}

/** A flat key → bytes store. Keys come from `fileKeys.ts` and are already validated. */
export interface FileStore {
  /** Writes the stream under `key`; rejects (and leaves nothing behind) when the stream fails. */
  put(key: string, body: Readable): Promise<StoredObject>;
  /** A stream of the object, or null when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** The object's size without reading it, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing object is not an error. */
  remove(key: string): Promise<void>;
}
