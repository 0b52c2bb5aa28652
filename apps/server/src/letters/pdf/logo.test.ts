import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_PX, prepareLogo } from './logo.ts';
import { renderLetterPdf } from './render-letter.ts';
import { sampleLetterInput } from './sample.ts';

const dir = mkdtempSync(join(tmpdir(), 'balai-logo-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The chunk types of a PNG file, in order. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    types.push(png.toString('latin1', at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

/** A wide emblem on a transparent background: a green disc and a yellow bar. */
function wideLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <circle cx="800" cy="500" r="450" fill="#1f6f43"/>
    <rect x="300" y="820" width="1000" height="120" fill="#f2c230"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('prepareLogo', () => {
  it('makes an opaque palette PNG no larger than LOGO_MAX_PX, keeping the shape', async () => {
    const logo = await prepareLogo(await wideLogo());
    expect(logo.width).toBe(LOGO_MAX_PX);
    expect(logo.height).toBe(Math.round((LOGO_MAX_PX * 1000) / 1600));
    // IHDR colour type 3 (indexed), 8 bits; no tRNS: pdfkit embeds it without decoding.
    expect(logo.png[25]).toBe(3);
    expect(logo.png[24]).toBe(8);
    const chunks = pngChunks(logo.png);
    expect(chunks).toContain('PLTE');
    expect(chunks).not.toContain('tRNS');
    // The transparent corners become white paper, the emblem keeps its colour.
    const { data, info } = await sharp(logo.png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(0, 0)).toEqual([255, 255, 255]);
    const [r, g, b] = pixel(info.width / 2, info.height / 2);
    expect(Math.abs(r! - 0x1f) + Math.abs(g! - 0x6f) + Math.abs(b! - 0x43)).toBeLessThan(12);
  });

  it('never enlarges a small logo', async () => {
    const small = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#1f6f43' },
    })
      .jpeg()
      .toBuffer();
    const logo = await prepareLogo(small);
    expect([logo.width, logo.height]).toEqual([120, 80]);
  });

  it('goes into the letter as an indexed image of its prepared size', async () => {
    const pdf = await renderLetterPdf(sampleLetterInput(await wideLogo()));
    const file = join(dir, 'letter.pdf');
    writeFileSync(file, pdf);
    const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => l.trim().split(/\s+/));
    expect(rows).toHaveLength(1);
    // page num type width height color …
    expect(rows[0]!.slice(3, 6)).toEqual([String(LOGO_MAX_PX), '188', 'index']);
  });
});
