/**
 * QR codes read with zxing-wasm (ZXing C++ in WebAssembly, ADR 1031): from an image file (PNG,
 * JPEG, … decoded inside the module) or from RGBA pixels (a PDF's image XObject). The wasm binary
 * is read from node_modules, never fetched: the default would load it from a CDN.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

let ready: Promise<unknown> | null = null;

function prepare(): Promise<unknown> {
  ready ??= (async () => {
    const path = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(path);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })().catch((err: unknown) => {
    ready = null;
    throw err;
  });
  return ready;
}

const OPTIONS: ReaderOptions = { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 };

/** Pixels of one image, four bytes (RGBA) per pixel. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The texts of the QR codes in an image file; none when the bytes are not a decodable image. */
export async function qrTextsFromImageFile(bytes: Uint8Array): Promise<string[]> {
  await prepare();
  const results = await readBarcodes(new Blob([new Uint8Array(bytes)]), OPTIONS);
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** The texts of the QR codes in RGBA pixels. */
export async function qrTextsFromPixels(image: RgbaImage): Promise<string[]> {
  await prepare();
  // zxing-wasm reads `data`, `width` and `height`; Node has no ImageData class.
  const results = await readBarcodes({ ...image, colorSpace: 'srgb' } as unknown as ImageData, OPTIONS);
  return results.filter((r) => r.isValid).map((r) => r.text);
}
