/**
 * A tar archive without the entries `drop` names. PGlite's `dumpDataDir('none')` writes a plain
 * ustar archive (512-byte headers, data padded to 512 bytes), so entries can be left out without
 * unpacking it: seededTemplate.ts drops the WAL segments a checkpointed dump does not need.
 */
export function withoutTarEntries(archive: Buffer, drop: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    // Two zero blocks end the archive; keep them (and whatever padding follows) as they are.
    if (header.every((b) => b === 0)) {
      kept.push(archive.subarray(offset));
      break;
    }
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('latin1').replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    if (!drop(name)) kept.push(archive.subarray(offset, end));
    offset = end;
  }
  return Buffer.concat(kept);
}
