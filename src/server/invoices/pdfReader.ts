/**
 * What an invoice PDF holds for recognition, read with pdfjs-dist's legacy build (ADR 1031): the
 * text layer of the first pages as positioned items, and the page images decoded to RGBA pixels
 * (an invoice's QR code is an image XObject; pdfjs decodes JPEG, Flate, CCITT and JBIG2 images
 * without a canvas, so no page is rendered).
 */
import type { TextItem } from './invoiceText.js';
import type { RgbaImage } from './qrReader.js';

/** Invoices are one or two pages; a long document is not read past this. */
const MAX_PAGES = 3;
/** Images smaller than a QR code can be, or large enough to be a photo of a page, are skipped beyond this many pixels. */
const MIN_SIDE = 21;
const MAX_PIXELS = 4_000_000;

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<Pdfjs> | null = null;
const load = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** The text items and images of a PDF. */
export interface PdfContent {
  items: TextItem[];
  images: RgbaImage[];
}

interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** pdfjs' decoded image as RGBA (kinds: 1 one bit per pixel, rows byte-aligned; 2 RGB; 3 RGBA). */
export function toRgba(img: PdfImage): RgbaImage | null {
  const { width, height, data, kind } = img;
  if (!data || width < MIN_SIDE || height < MIN_SIDE || width * height > MAX_PIXELS) return null;
  const n = width * height;
  const out = new Uint8ClampedArray(n * 4);
  if (kind === 3 && data.length >= n * 4) out.set(data.subarray(0, n * 4));
  else if (kind === 2 && data.length >= n * 3) {
    for (let i = 0; i < n; i++) {
      out[4 * i] = data[3 * i];
      out[4 * i + 1] = data[3 * i + 1];
      out[4 * i + 2] = data[3 * i + 2];
      out[4 * i + 3] = 255;
    }
  } else if (kind === 1) {
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
        const o = 4 * (y * width + x);
        out[o] = out[o + 1] = out[o + 2] = v;
        out[o + 3] = 255;
      }
    }
  } else return null;
  return { data: out, width, height };
}

/** The longest wait for a decoded image the worker announced (a broken image is never sent). */
const IMAGE_WAIT_MS = 5_000;

interface PdfObjects {
  get(name: string, callback: (value: unknown) => void): unknown;
}

function resolved(objs: PdfObjects, name: string): Promise<PdfImage | null> {
  return new Promise((done) => {
    const timer = setTimeout(() => done(null), IMAGE_WAIT_MS);
    objs.get(name, (value) => {
      clearTimeout(timer);
      done((value as PdfImage) ?? null);
    });
  });
}

/** Reads text and images; throws when the bytes are not a readable PDF. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const lib = await load();
  const task = lib.getDocument({
    data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false,
    isOffscreenCanvasSupported: false, isImageDecoderSupported: false, stopAtErrors: false, verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const items: TextItem[] = [];
    const images: RgbaImage[] = [];
    const paint = new Set([lib.OPS.paintImageXObject, lib.OPS.paintImageXObjectRepeat, lib.OPS.paintInlineImageXObject]);
    for (let p = 1; p <= Math.min(doc.numPages, MAX_PAGES); p++) {
      const page = await doc.getPage(p);
      const text = await page.getTextContent();
      for (const it of text.items) {
        if ('str' in it && it.str) items.push({ str: it.str, x: it.transform[4], y: it.transform[5], width: it.width, page: p });
      }
      const ops = await page.getOperatorList();
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (!paint.has(ops.fnArray[i])) continue;
        const arg = ops.argsArray[i][0] as string | PdfImage;
        let img: PdfImage | null = null;
        if (typeof arg === 'string') {
          // Shared images live in commonObjs (names starting g_), the page's own in objs; the worker sends them after the operator list.
          img = await resolved(arg.startsWith('g_') ? page.commonObjs : page.objs, arg);
        } else img = arg;
        const rgba = img && toRgba(img);
        if (rgba) images.push(rgba);
      }
      page.cleanup();
    }
    return { items, images };
  } finally {
    await task.destroy();
  }
}
