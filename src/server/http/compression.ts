/**
 * Compressed answers (issue 28 item 4, ADR 0418): br or gzip, as the client accepts, for JSON,
 * text, JavaScript, CSS, SVG and XML of at least 1 KB — a list page's JSON and the client's files
 * shrink 3–5×. Already-compressed types (xlsx, docx, zip, pdf, images, video) and opaque
 * `application/octet-stream` downloads pass unchanged, and so do partial answers (a Range request)
 * and `text/event-stream` (it must reach the browser event by event). Streams (CSV exports) are
 * compressed as they flow. Request bodies are not decompressed: a small gzip body could inflate
 * far past the 10 MB body limit's intent.
 */
import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Content types worth compressing; everything else goes out as it is. */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]*\+(?:json|xml))(?:;|$)|image\/svg\+xml)/i;

/** Registers compression for every route added after it. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    // Quality 4 (the plugin's default too): brotli 11 costs ~20× the CPU on dynamic answers.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
