/**
 * Each of the 15 letter types, rendered as the office issues it (letterPdfInput →
 * renderLetterPdf) with the demo data and with long, realistic data, and read back with
 * poppler: one page for the demo data; the closing paragraph, place and date, signature block
 * and QR code always on one page; each datum printed once; no table row split over pages.
 * One PNG per type and page is written to e2e/artifacts/letters/ (git-ignored) to look at.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TYPES, formatFieldValue } from '@balai/domain';
import { renderLetterPdf } from './render-letter.ts';
import { demoLogo, typeSample, type SampleKind, type TypeSample } from './type-samples.ts';

const ARTIFACTS = resolve(import.meta.dirname, '../../../../../e2e/artifacts/letters');
const dir = mkdtempSync(join(tmpdir(), 'balai-letter-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let logo: Buffer;
beforeAll(async () => {
  logo = await demoLogo();
  mkdirSync(ARTIFACTS, { recursive: true });
});

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

interface Rendered {
  sample: TypeSample;
  pages: number;
  /** Each page's text, flattened (index 0 is page 1). */
  text: string[];
  /** The whole text with its line breaks. */
  raw: string;
  file: string;
}

async function render(code: string, kind: SampleKind): Promise<Rendered> {
  const type = LETTER_TYPES.find((t) => t.code === code)!;
  const sample = typeSample(type, kind, logo);
  const pdf = await renderLetterPdf(sample.input);
  const file = join(dir, `${code}-${kind}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const raws = Array.from({ length: pages }, (_, i) =>
    execFileSync(
      'pdftotext',
      ['-raw', '-enc', 'UTF-8', '-f', String(i + 1), '-l', String(i + 1), file, '-'],
      {
        encoding: 'utf8',
      },
    ),
  );
  const text = raws.map(flat);
  // The artifact to look at: one PNG per page at 60 dpi.
  execFileSync('pdftoppm', ['-r', '60', '-png', file, join(ARTIFACTS, `${code}-${kind}`)]);
  return { sample, pages, text, raw: raws.join('\n'), file };
}

/** What the QR code printed on a page says, read off a 120 dpi rendering of its left half. */
async function scanQr(file: string, page: number): Promise<string | null> {
  const root = join(dir, `qr-${page}-${Math.random().toString(36).slice(2)}`);
  const p = String(page);
  const crop = ['-x', '0', '-y', '0', '-W', '460', '-H', '1403'];
  execFileSync('pdftoppm', [
    '-r',
    '120',
    ...crop,
    '-png',
    '-f',
    p,
    '-l',
    p,
    '-singlefile',
    file,
    root,
  ]);
  const { data, info } = await sharp(`${root}.png`)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return jsQR(rgba, info.width, info.height)?.data ?? null;
}

const count = (haystack: string, needle: string) =>
  haystack.toLowerCase().split(needle.toLowerCase()).length - 1;

/** The closing, place and date, signature and QR are on one page, and it is the last. */
async function expectClosingBlockTogether(r: Rendered): Promise<void> {
  const { input } = r.sample;
  const noun = /^SURAT PENGANTAR/.test(input.title) ? 'surat pengantar' : 'surat keterangan';
  const closing = `Demikian ${noun} ini dibuat dengan sebenarnya untuk dapat dipergunakan sebagaimana mestinya.`;
  const page = r.text.findIndex((t) => t.includes(closing));
  expect(page, 'closing paragraph').toBe(r.pages - 1);
  const t = r.text[page]!;
  const after = t.slice(t.indexOf(closing) + closing.length);
  const desa = input.village.name;
  expect(after).toContain(`${desa}, 23 November 2026`);
  expect(after).toContain(`Kepala Desa ${desa}`);
  expect(after).toContain(flat(input.village.head_name));
  // A NIP is printed only where the signer has one (issue 25.2: the demo Kepala Desa has none).
  if (input.village.head_nip) expect(after).toContain(`NIP. ${input.village.head_nip}`);
  else expect(after).not.toContain('NIP.');
  expect(after).toContain(input.verifyUrl);
  expect(await scanQr(r.file, page + 1)).toBe(input.verifyUrl);
  // The purpose sentence goes along with them.
  if (input.purpose) expect(t).toContain('ini dibuat untuk keperluan:');
}

/**
 * Each of the type's values (as printed, with units) appears once in the letter's body — the
 * text from the statement to the closing. Values of one or three letters ("2", "KK") are part
 * of other words too and are left out; the applicant block holds the applicant's own data.
 */
function expectEachDatumOnce(r: Rendered): void {
  const { sample } = r;
  const all = flat(r.text.join(' ').replace(/Nomor \S+ Halaman \d+ dari \d+/g, ' '));
  const start = all.indexOf(flat(sample.input.statement).slice(0, 40));
  const end = all.indexOf('Demikian ');
  expect(start, 'statement').toBeGreaterThan(0);
  const body = all.slice(start, end);
  const values = sample.type.fields
    .filter((f) => f.name !== 'phone')
    .map((f) => [f.name, formatFieldValue(f, sample.data[f.name])] as const)
    .filter((e): e is readonly [string, string] => e[1] !== null)
    .map(([name, value]) => [name, flat(value).replace(/[.]$/, '')] as const);
  let checked = 0;
  for (const [name, value] of values) {
    if (value.length < 4) continue;
    // Once, plus where the resident's own words repeat it in another field (a difference in
    // names quotes both names; a purpose may name the use, "biaya pendidikan").
    const quoted = values.reduce((n, [other, v]) => (other === name ? n : n + count(v, value)), 0);
    expect(count(body, value), `${name}: ${value}`).toBe(1 + quoted);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
}

const MONTHS =
  'Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember';
/** A date, a quantity and its unit, "NIK …", "RT 002" are never broken over two lines. */
function expectGroupsWhole(r: Rendered): void {
  const broken = new RegExp(
    `\\b\\d{1,2}\\n(?:${MONTHS})\\b|\\b(?:${MONTHS})\\n\\d{4}|\\d\\n(?:gram|cm|orang)\\b|\\b(?:NIK|RT|RW|pukul|Pos)\\n\\d`,
  );
  expect(r.raw).not.toMatch(broken);
}

/** A table row (the applicant's) is never split: each value is whole on one page. */
function expectRowsWhole(r: Rendered): void {
  for (const [label, value] of r.sample.input.applicant) {
    const onPage = r.text.filter((t) => t.includes(flat(value))).length;
    expect(onPage, `${label}: ${value}`).toBeGreaterThanOrEqual(1);
  }
}

describe.each(LETTER_TYPES.map((t) => t.code))('letter %s', (code) => {
  it('fits one A4 page with the demo data, each datum once, with units', async () => {
    const r = await render(code, 'demo');
    expect(r.pages).toBe(1);
    expect(r.text[0]).not.toMatch(/Halaman \d+ dari/);
    await expectClosingBlockTogether(r);
    expectEachDatumOnce(r);
    expectRowsWhole(r);
    expectGroupsWhole(r);
    expect(r.sample.input.details).toEqual([]);
    // Downloading it again gives the same bytes.
    const again = await renderLetterPdf(typeSample(r.sample.type, 'demo', logo).input);
    expect(again.equals(readFileSync(r.file))).toBe(true);
  });

  it('keeps the closing, signature and QR together with long data, each datum once', async () => {
    const r = await render(code, 'long');
    expect(r.pages).toBeLessThanOrEqual(2);
    await expectClosingBlockTogether(r);
    expectEachDatumOnce(r);
    expectRowsWhole(r);
    expectGroupsWhole(r);
    // The letterhead keeps "Kode Pos 16720" on one line.
    expect(r.text[0]).toContain('Kode Pos 16720');
    if (r.pages > 1) {
      expect(r.text[0]).toContain(`Halaman 1 dari ${r.pages}`);
      // Nothing of the signature block is left behind on the first page.
      expect(r.text[0]).not.toContain('Kepala Desa Sukamaju Kidul Dr.');
      expect(r.text[0]).not.toContain('NIP.');
      // The closing block does not stand alone: the statement's last lines came along.
      const last = r.text[r.pages - 1]!;
      const before = last
        .slice(0, last.indexOf(' ini dibuat untuk keperluan:'))
        .replace(/ Surat (keterangan|pengantar)$/, '');
      expect(before.length).toBeGreaterThan(20);
      expect(flat(r.sample.input.statement)).toContain(before);
    }
  });
});

describe('units on the letters', () => {
  it('prints weights, lengths, head counts and money with their unit', async () => {
    const kkel = (await render('kkel', 'long')).text.join(' ');
    expect(kkel).toContain('berat 3.250 gram, panjang 49,5 cm');
    const irr = (await render('irr', 'long')).text.join(' ');
    expect(irr).toContain('perkiraan jumlah tamu 1.250 orang');
    const kp = (await render('kp', 'demo')).text.join(' ');
    expect(kp).toContain('Rp2.500.000 (dua juta lima ratus ribu rupiah) per bulan');
    expect(kp).toContain('jumlah tanggungan 3 orang');
    const ku = (await render('ku', 'demo')).text.join(' ');
    expect(ku).toContain('jumlah karyawan 2 orang');
    // A registration number is one item: never broken over two lines.
    expect((await render('kbnbs', 'demo')).raw).toMatch(/Nomor Polisi\sF 1234 AB,/);
  });
});
