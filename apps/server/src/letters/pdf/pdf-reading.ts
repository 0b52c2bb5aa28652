/**
 * Reading rendered letters back in tests, with the real poppler tools (pdftotext, pdfinfo,
 * pdftoppm) and jsQR: the text of a page, the page count, and what a page's QR code says.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';

/** A scratch folder for the files poppler reads; `dispose()` removes it. */
export function pdfReader() {
  const dir = mkdtempSync(join(tmpdir(), 'balai-pdf-read-'));
  let n = 0;
  const save = (pdf: Buffer) => {
    const file = join(dir, `p${++n}.pdf`);
    writeFileSync(file, pdf);
    return file;
  };
  return {
    /** Text of the whole document or of one page (1-based). */
    text(pdf: Buffer, page?: number): string {
      const range = page ? ['-f', String(page), '-l', String(page)] : [];
      return execFileSync('pdftotext', ['-enc', 'UTF-8', ...range, save(pdf), '-'], {
        encoding: 'utf8',
      });
    },
    pages(pdf: Buffer): number {
      const info = execFileSync('pdfinfo', [save(pdf)], { encoding: 'utf8' });
      return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    },
    /** A page rendered to PNG at `dpi` (for a look, or for the QR scan); the file's path. */
    png(pdf: Buffer, page: number, dpi = 150, name = `r${++n}`): string {
      const root = join(dir, name);
      const p = String(page);
      execFileSync('pdftoppm', [
        '-r',
        String(dpi),
        '-png',
        '-f',
        p,
        '-l',
        p,
        '-singlefile',
        save(pdf),
        root,
      ]);
      return `${root}.png`;
    },
    /** What the QR code on a page says, read off a 150 dpi rendering; null when there is none. */
    async qr(pdf: Buffer, page: number): Promise<string | null> {
      const { data, info } = await sharp(this.png(pdf, page))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
      return jsQR(rgba, info.width, info.height)?.data ?? null;
    },
    dispose(): void {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
