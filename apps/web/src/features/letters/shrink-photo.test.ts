import { describe, expect, it } from 'vitest';
import { fitWithin, formatBytes, PHOTO_LONG_SIDE, shrinkPhoto } from './shrink-photo.ts';

describe('fitWithin', () => {
  it('brings a phone photo down to 1600 px on its long side, keeping its shape', () => {
    expect(PHOTO_LONG_SIDE).toBe(1600);
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    // 48 MP, 8000 × 6000, and a tall screenshot.
    expect(fitWithin(8000, 6000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1170, 2532)).toEqual({ width: 739, height: 1600 });
  });

  it('never enlarges, and never reaches zero', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 1600)).toEqual({ width: 1600, height: 1600 });
    expect(fitWithin(20000, 10)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(0, 100)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(1000, 500, 400)).toEqual({ width: 400, height: 200 });
  });
});

describe('formatBytes', () => {
  it('says sizes as residents read them', () => {
    expect(formatBytes(4_200_000)).toBe('4 MB');
    expect(formatBytes(4.5 * 1024 * 1024)).toBe('4,5 MB');
    expect(formatBytes(350 * 1024)).toBe('350 KB');
    expect(formatBytes(10)).toBe('1 KB');
  });
});

describe('shrinkPhoto', () => {
  it('sends the original when the browser cannot shrink it (the server re-encodes it)', async () => {
    // happy-dom decodes no pictures and has no canvas, like a browser that cannot decode HEIC;
    // the real shrinking is measured in Chromium (e2e/tests/attachments.spec.ts).
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], 'ktp.jpg', {
      type: 'image/jpeg',
    });
    const result = await shrinkPhoto(file);
    expect(result).toEqual({ blob: file, shrunk: false, width: null, height: null });
  });
});
