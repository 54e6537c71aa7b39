/**
 * Batch download: the files as one zip archive, streamed (stored, not recompressed: most uploads
 * are images, PDFs and office files, which are compressed already), so its size costs no memory.
 */
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/** A zip of `entries` (name → a stream opened on demand, one at a time); errors end the archive stream with that error. */
export function zipStream(entries: readonly { name: string; open: () => Promise<Readable> }[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    // Respecting backpressure would need a pull loop; the writer waits on 'drain' below instead.
    out.write(chunk);
    if (final) out.end();
  });
  void (async () => {
    try {
      for (const entry of entries) {
        const file = new ZipPassThrough(entry.name);
        zip.add(file);
        for await (const chunk of await entry.open()) {
          file.push(chunk as Uint8Array);
          if (out.writableNeedDrain) await new Promise((done) => out.once('drain', done));
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
