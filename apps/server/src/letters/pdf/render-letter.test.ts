import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderLetterPdf } from './render-letter.ts';
import { sampleLetterInput, sampleLogo } from './sample.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-pdf-'));

/** The letter's text as poppler's pdftotext reads it (layout kept), per page. */
function pdfText(pdf: Buffer): string[] {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim());
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('renderLetterPdf', () => {
  it('draws a one-page letter with its title, number, applicant, fields, purpose, date and verify URL', async () => {
    const pdf = await renderLetterPdf(sampleLetterInput(await sampleLogo('png')));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfText(pdf);
    expect(pages).toHaveLength(1);
    const text = squash(pages[0]!);
    for (const expected of [
      'PEMERINTAH KABUPATEN BOGOR',
      'KECAMATAN CIBINONG',
      'DESA SUKAMAJU',
      'SURAT KETERANGAN USAHA',
      'Nomor : 500/007/3201012001/XI/2026',
      'Siti Rahmawati',
      '3201014507880002',
      'Warung Berkah Ibu Siti',
      'pengajuan Kredit Usaha Rakyat (KUR)',
      'Sukamaju, 22 November 2026',
      'H. Ahmad Suryadi, S.Sos.',
      'NIP. 19700512 199803 1 004',
      'http://localhost:3000/verify/q9V3xM2kT8rLp4WzY7',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('renders the same input to identical bytes', async () => {
    const logo = await sampleLogo('png');
    const a = await renderLetterPdf(sampleLetterInput(logo));
    const b = await renderLetterPdf(sampleLetterInput(logo));
    expect(a.equals(b)).toBe(true);
  });

  it('draws what residents typed literally: HTML, URLs and very long words', async () => {
    const input = sampleLetterInput(null);
    const longWord = 'Panjang'.repeat(30);
    const pdf = await renderLetterPdf({
      ...input,
      purpose: '<script>alert(1)</script> <b>tebal</b> https://contoh.id/a?b=1',
      details: [['Nama Usaha', longWord]],
    });
    const raw = pdf.toString('latin1');
    // The only link in the letter is the village's own verification URL beside the QR code.
    const links = [...raw.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    expect(links).toEqual([input.verifyUrl]);
    expect(raw).not.toMatch(/\/JavaScript|\/Launch/);
    const text = squash(pdfText(pdf).join(' '));
    expect(text).toContain('<script>alert(1)</script> <b>tebal</b> https://contoh.id/a?b=1');
    // The long word is broken across lines instead of running off the page.
    expect(text.replace(/ /g, '')).toContain(longWord);
    for (const line of pdfText(pdf).join('\n').split('\n')) expect(line.length).toBeLessThan(130);
  });

  it('flows a long letter to a second page and keeps the closing and signature together on the last', async () => {
    const input = sampleLetterInput(await sampleLogo('webp'));
    const statement = Array.from({ length: 12 }, () => input.statement).join('\n');
    const pages = pdfText(await renderLetterPdf({ ...input, statement }));
    expect(pages.length).toBe(2);
    expect(pages[0]).toContain('Halaman 1 dari 2');
    expect(pages[0]).not.toContain('Kepala Desa Sukamaju\n');
    expect(pages[1]).toContain('Demikian surat keterangan ini');
    expect(pages[1]).toContain('H. Ahmad Suryadi, S.Sos.');
    expect(pages[1]).toContain('Halaman 2 dari 2');
  });

  it('renders names in Cyrillic and Greek, and without a logo', async () => {
    const input = sampleLetterInput(null);
    const pdf = await renderLetterPdf({
      ...input,
      applicant: [['Nama Lengkap', 'Анна Петрова Σοφία'], ...input.applicant.slice(1)],
    });
    expect(squash(pdfText(pdf)[0]!)).toContain('Анна Петрова Σοφία');
  });

  it('accepts PNG, JPEG and WebP logos', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const pdf = await renderLetterPdf(sampleLetterInput(await sampleLogo(format)));
      expect(pdf.toString('latin1'), format).toMatch(/\/Subtype \/Image/);
    }
  });
});
