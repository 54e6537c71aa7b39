/**
 * The central directory of an uploaded `.xlsx` (a zip), read from the file's last bytes before any
 * part is inflated (issue 26 item 3): it declares each part's compressed and inflated size, which
 * are checked against IMPORT_LIMITS. A zip can lie about those sizes, so `verifyInflation` (small
 * files, read on the API's thread) and the worker's inflation counter (ioWorker.ts) check what is
 * actually inflated too.
 */
import { inflateRawSync } from 'node:zlib';
import { badRequest } from '../../http/HttpError.js';
import { IMPORT_LIMITS, LIMIT_MESSAGES } from './importLimits.js';

/** One part as the central directory declares it. */
export interface ZipPart {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

/** How many of the file's last bytes the upload keeps to read the directory from. */
export const TAIL_BYTES = 1024 * 1024 + 65_557;

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const notZip = () => badRequest(LIMIT_MESSAGES.notZip);

/** A 64-bit little-endian field as a safe number (a larger one is no real upload). */
function u64(b: Buffer, at: number): number {
  const n = b.readBigUInt64LE(at);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw badRequest(LIMIT_MESSAGES.totalBytes);
  return Number(n);
}

/**
 * The parts of a zip whose last `tail.length` bytes are `tail` (the whole file when it is small).
 * Throws the Chinese 400 for anything that is no zip or whose directory does not fit the tail.
 */
export function zipParts(tail: Buffer, fileSize: number): ZipPart[] {
  const start = fileSize - tail.length;
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 65_535); i--) {
    if (tail.readUInt32LE(i) === EOCD) { eocd = i; break; }
  }
  if (eocd < 0) throw notZip();
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || tail.readUInt32LE(loc) !== LOCATOR64) throw notZip();
    const at = u64(tail, loc + 8) - start;
    if (at < 0 || at + 56 > tail.length || tail.readUInt32LE(at) !== EOCD64) throw notZip();
    count = u64(tail, at + 32);
    cdSize = u64(tail, at + 40);
    cdOffset = u64(tail, at + 48);
  }
  if (count > IMPORT_LIMITS.entries) throw badRequest(LIMIT_MESSAGES.entries);
  let p = cdOffset - start;
  if (p < 0) throw badRequest(cdSize > tail.length ? LIMIT_MESSAGES.entries : LIMIT_MESSAGES.notZip);
  const parts: ZipPart[] = [];
  for (let k = 0; k < count; k++) {
    if (p + 46 > tail.length || tail.readUInt32LE(p) !== CENTRAL) throw notZip();
    const method = tail.readUInt16LE(p + 10);
    let compressed = tail.readUInt32LE(p + 20);
    let size = tail.readUInt32LE(p + 24);
    const nameLen = tail.readUInt16LE(p + 28);
    const extraLen = tail.readUInt16LE(p + 30);
    const commentLen = tail.readUInt16LE(p + 32);
    let offset = tail.readUInt32LE(p + 42);
    if (p + 46 + nameLen + extraLen > tail.length) throw notZip();
    const name = tail.toString('utf8', p + 46, p + 46 + nameLen);
    // Zip64: the 32-bit fields at 0xFFFFFFFF are given in the extra field 0x0001, in this order.
    for (let e = p + 46 + nameLen; e + 4 <= p + 46 + nameLen + extraLen;) {
      const id = tail.readUInt16LE(e);
      const len = tail.readUInt16LE(e + 2);
      if (id === 1) {
        let q = e + 4;
        if (size === 0xffffffff && q + 8 <= e + 4 + len) { size = u64(tail, q); q += 8; }
        if (compressed === 0xffffffff && q + 8 <= e + 4 + len) { compressed = u64(tail, q); q += 8; }
        if (offset === 0xffffffff && q + 8 <= e + 4 + len) offset = u64(tail, q);
      }
      e += 4 + len;
    }
    parts.push({ name, method, compressed, size, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return parts;
}

/** The limit a part's inflated size meets, by what it is. */
function partLimit(name: string): { bytes: number; message: string } {
  if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) return { bytes: IMPORT_LIMITS.sheetBytes, message: LIMIT_MESSAGES.sheetBytes };
  if (/^xl\/sharedStrings\.xml$/i.test(name)) return { bytes: IMPORT_LIMITS.sharedStringsBytes, message: LIMIT_MESSAGES.sharedStringsBytes };
  return { bytes: IMPORT_LIMITS.otherPartBytes, message: LIMIT_MESSAGES.otherPartBytes };
}

/** Checks the declared sizes against IMPORT_LIMITS; answers the declared inflated total. */
export function checkZipParts(parts: ZipPart[]): number {
  let total = 0;
  for (const part of parts) {
    if (part.method !== 0 && part.method !== 8) throw notZip();
    const limit = partLimit(part.name);
    if (part.size > limit.bytes) throw badRequest(limit.message);
    if (part.size > IMPORT_LIMITS.ratioFloorBytes && part.size > part.compressed * IMPORT_LIMITS.ratio) throw badRequest(LIMIT_MESSAGES.ratio);
    total += part.size;
    if (total > IMPORT_LIMITS.totalBytes) throw badRequest(LIMIT_MESSAGES.totalBytes);
  }
  return total;
}

/**
 * Inflates every part of a whole (small) zip with the output bounded by its declared size: a part
 * that inflates to more than it declares is refused before any reader sees it.
 */
export function verifyInflation(file: Buffer, parts: ZipPart[]): void {
  for (const part of parts) {
    const at = part.offset;
    if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL) throw notZip();
    const data = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
    if (data + part.compressed > file.length) throw notZip();
    if (part.method === 0) {
      if (part.compressed !== part.size) throw badRequest(LIMIT_MESSAGES.inflated);
      continue;
    }
    let out: Buffer;
    try {
      out = inflateRawSync(file.subarray(data, data + part.compressed), { maxOutputLength: Math.max(1, part.size) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw badRequest(LIMIT_MESSAGES.inflated);
      throw notZip();
    }
    if (out.length !== part.size) throw badRequest(LIMIT_MESSAGES.inflated);
  }
}

/** Checks a whole `.xlsx` held in memory (the users import): directory, limits and actual inflation. */
export function checkXlsxBytes(file: Buffer, maxInflated: number): void {
  const parts = zipParts(file, file.length);
  const total = checkZipParts(parts);
  if (total > maxInflated) throw badRequest(LIMIT_MESSAGES.totalBytes.replace(/\d+MB/, `${Math.round(maxInflated / 1024 / 1024)}MB`));
  verifyInflation(file, parts);
}
