import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cameraReady, imageType, photoBytes, photosToPdf } from './camera';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('camera', () => {
  it('is ready only with code 0 and video0 run or ok', () => {
    expect(cameraReady({ code: '0', video0: 'run' })).toBe(true);
    expect(cameraReady({ code: 0, video0: 'ok' })).toBe(true);
    expect(cameraReady({ code: '0', video0: 'no' })).toBe(false);
    expect(cameraReady({ code: '1', video0: 'run' })).toBe(false);
    expect(cameraReady(null)).toBe(false);
  });
  it('reads base64 photos and composes a PDF with a page each', async () => {
    const bytes = photoBytes({ code: '0', photoBase64: `data:image/png;base64,${PNG}` })!;
    expect(imageType(bytes)).toBe('png');
    expect(photoBytes({ code: '1', photoBase64: PNG })).toBeNull();
    expect(photoBytes({ code: '0', photoBase64: '' })).toBeNull();
    const pdf = await PDFDocument.load(await photosToPdf([bytes, bytes]));
    expect(pdf.getPageCount()).toBe(2);
  });
});
