import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_WATERMARK, renderLetterPdf } from './render-letter.ts';
import { pdfReader } from './pdf-reading.ts';
import { allTypeSamples, demoLogo } from './type-samples.ts';

/**
 * Issue 25.3: a preview (`draft`) carries a diagonal "DRAF — BELUM BERLAKU" on every page and no
 * QR code; the issued letter (the same input without `draft`) has its QR code and no watermark.
 * Read back with pdftotext and, for the QR code, from a rendering by pdftoppm scanned by jsQR.
 */
const read = pdfReader();
afterAll(() => read.dispose());
let logo: Buffer;
beforeAll(async () => {
  logo = await demoLogo();
});

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('draft letters (issue 25.3)', () => {
  it(
    'watermarks every page of every type (long data: letters of several pages too) and prints no QR code',
    { timeout: 180_000 },
    async () => {
      let multiPage = 0;
      for (const kind of ['long'] as const) {
        for (const { type, input } of allTypeSamples(kind, logo)) {
          const pdf = await renderLetterPdf({ ...input, draft: true, verifyUrl: '' });
          const pages = read.pages(pdf);
          if (pages > 1) multiPage++;
          for (let p = 1; p <= pages; p++) {
            expect(squash(read.text(pdf, p)), `${type.code} ${kind} page ${p}`).toContain(
              DRAFT_WATERMARK,
            );
          }
          const all = squash(read.text(pdf));
          expect(all).not.toContain('/verify/');
          expect(all).not.toContain('Pindai kode QR');
          expect(all).toContain('DRAF tanpa kode QR');
        }
      }
      // The long samples include letters of more than one page: "every page" was exercised.
      expect(multiPage).toBeGreaterThan(0);
    },
  );

  it(
    'has no QR code a phone could scan, unlike the issued letter',
    { timeout: 60_000 },
    async () => {
      const { input } = allTypeSamples('demo', logo).find((s) => s.type.code === 'ku')!;
      const draft = await renderLetterPdf({ ...input, draft: true, verifyUrl: '' });
      expect(await read.qr(draft, 1)).toBeNull();
      const issued = await renderLetterPdf(input);
      expect(await read.qr(issued, 1)).toBe(input.verifyUrl);
      const text = squash(read.text(issued));
      expect(text).not.toContain(DRAFT_WATERMARK);
      expect(text).toContain('Pindai kode QR');
    },
  );

  it('needs a verification address only for an issued letter', async () => {
    const { input } = allTypeSamples('demo', logo)[0]!;
    await expect(renderLetterPdf({ ...input, verifyUrl: '' })).rejects.toThrow(/verifyUrl/);
    await expect(renderLetterPdf({ ...input, verifyUrl: '', draft: true })).resolves.toBeInstanceOf(
      Buffer,
    );
  });
});
