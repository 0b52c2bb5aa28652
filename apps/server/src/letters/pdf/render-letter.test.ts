import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLetterPdf, type LetterPdfInput } from './render-letter.ts';
import { sampleLetterInput, sampleLogo } from './sample.ts';

const dir = mkdtempSync(join(tmpdir(), 'balai-pdf-test-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(pdf: Buffer): string {
  const file = join(dir, `t${++n}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** Text of the whole document or of one page, via the real poppler `pdftotext`. */
function text(pdf: Buffer, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...range, save(pdf), '-'], {
    encoding: 'utf8',
  });
}

function info(pdf: Buffer): Record<string, string> {
  const out = execFileSync('pdfinfo', ['-isodates', save(pdf)], { encoding: 'utf8' });
  return Object.fromEntries(
    out
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

/** Every word's box from `pdftotext -bbox`, to prove nothing runs off the page. */
function wordBoxes(pdf: Buffer): { xMin: number; xMax: number; yMax: number; word: string }[] {
  const html = execFileSync('pdftotext', ['-bbox', save(pdf), '-'], { encoding: 'utf8' });
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    xMax: Number(m[2]),
    yMax: Number(m[3]),
    word: m[4] ?? '',
  }));
}

/** What the QR code printed on a page says, read off a 150 dpi rendering by poppler. */
async function scanQr(pdf: Buffer, page: number): Promise<string | null> {
  const root = join(dir, `qr${++n}`);
  const p = String(page);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', p, '-l', p, '-singlefile', save(pdf), root]);
  const { data, info: size } = await sharp(`${root}.png`)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return jsQR(rgba, size.width, size.height)?.data ?? null;
}

const flat = (s: string) => s.replace(/\s+/g, ' ');

let logoPng: Buffer;
let logoWebp: Buffer;
let logoJpeg: Buffer;
beforeAll(async () => {
  [logoPng, logoWebp, logoJpeg] = await Promise.all([
    sampleLogo('png'),
    sampleLogo('webp'),
    sampleLogo('jpeg'),
  ]);
});

function withVillage(input: LetterPdfInput, v: Partial<LetterPdfInput['village']>) {
  return { ...input, village: { ...input.village, ...v } };
}

describe('renderLetterPdf', () => {
  it('prints the letter: letterhead, title, number, applicant, fields, purpose, date, URL', async () => {
    const input = sampleLetterInput(logoPng);
    const pdf = await renderLetterPdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const t = text(pdf);
    const f = flat(t);
    for (const s of [
      'PEMERINTAH KABUPATEN BOGOR',
      'KECAMATAN CIBINONG',
      'DESA SUKAMAJU',
      'Kode Pos 16911',
      'SURAT KETERANGAN USAHA',
      'Nomor : 500/007/3201012001/XI/2026',
      'Yang bertanda tangan di bawah ini, Kepala Desa Sukamaju, Kecamatan Cibinong, Kabupaten Bogor, menerangkan dengan sebenarnya bahwa:',
      'Siti Rahmawati',
      '3201014507880002',
      'Bogor, 5 Juli 1988',
      'Warung Berkah Ibu Siti',
      'Warung sembako',
      'Surat keterangan ini dibuat untuk keperluan: pengajuan Kredit Usaha Rakyat (KUR) di Bank BRI Unit Cibinong.',
      'Demikian surat keterangan ini dibuat dengan sebenarnya untuk dapat dipergunakan sebagaimana mestinya.',
      'Sukamaju, 22 November 2026',
      'Kepala Desa Sukamaju',
      'H. Ahmad Suryadi, S.Sos.',
      'NIP. 19700512 199803 1 004',
      'Pindai kode QR',
    ]) {
      expect(f).toContain(s);
    }
    // The verification URL is printed whole, on one line.
    expect(t).toContain(input.verifyUrl);
    expect(t).not.toContain('Halaman');
    expect(info(pdf).Pages).toBe('1');
  });

  it('embeds only Tinos and sets the metadata from the input', async () => {
    const pdf = await renderLetterPdf(sampleLetterInput(logoPng));
    const fonts = execFileSync('pdffonts', [save(pdf)], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) {
      expect(row).toMatch(/\+Tinos-(Regular|Bold|Italic)\s/);
      expect(row).toMatch(/ yes\s+yes\s+yes\s/); // embedded, subset, ToUnicode
    }
    const i = info(pdf);
    expect(i.Title).toBe('SURAT KETERANGAN USAHA Nomor 500/007/3201012001/XI/2026');
    expect(i.Author).toBe('Pemerintah Desa Sukamaju');
    expect(i.Subject).toContain('Desa Sukamaju');
    expect(i.CreationDate).toBe('2026-11-22T02:30:00Z'); // 09:30 WIB
    expect(i['Page size']).toMatch(/^595\.2\d? x 841\.8\d? pts \(A4\)/);
  });

  it('prints a QR code that scans to the verification URL', async () => {
    const verifyUrl = 'https://desa.example/verify/q7Hk2mZpL4xN9bR1tV6wYc';
    const pdf = await renderLetterPdf({ ...sampleLetterInput(logoPng), verifyUrl });
    expect(await scanQr(pdf, 1)).toBe(verifyUrl);
    // A long letter prints it on its last page, beside the signature.
    const long = {
      ...sampleLetterInput(logoPng),
      verifyUrl,
      statement: Array.from({ length: 12 }, () => sampleLetterInput(null).statement).join('\n'),
    };
    const pages = Number(info(await renderLetterPdf(long)).Pages);
    expect(pages).toBeGreaterThan(1);
    expect(await scanQr(await renderLetterPdf(long), pages)).toBe(verifyUrl);
  });

  it('renders identical bytes for identical input (also after other letters)', async () => {
    const a = await renderLetterPdf(sampleLetterInput(logoPng));
    await renderLetterPdf({ ...sampleLetterInput(logoWebp), title: 'SURAT PENGANTAR SKCK' });
    const b = await renderLetterPdf(sampleLetterInput(logoPng));
    expect(b.equals(a)).toBe(true);
    const noTime = { ...sampleLetterInput(null), issuedAt: undefined };
    const c = await renderLetterPdf(noTime);
    expect((await renderLetterPdf(noTime)).equals(c)).toBe(true);
    expect(info(c).CreationDate).toBe('2026-11-21T17:00:00Z'); // 00:00 WIB
  });

  it('draws what a resident typed literally: HTML, URLs, no links added', async () => {
    const input = sampleLetterInput(null);
    const html = '<script>alert("x")</script> & <b>Budi</b>';
    const url = 'https://evil.example/login?next=/admin&x=1';
    const pdf = await renderLetterPdf({
      ...input,
      applicant: [['Nama Lengkap', html], ...input.applicant.slice(1)],
      statement: `Lihat ${url} atau javascript:alert(1) dan <img src=x onerror=alert(1)>.`,
      details: [['Keterangan', '<i>miring</i> %PDF-1.4 /URI (x) >> endobj']],
      purpose: 'melamar kerja di https://loker.example/id',
    });
    const f = flat(text(pdf));
    expect(f).toContain(html);
    expect(f).toContain(url);
    expect(f).toContain('javascript:alert(1) dan <img src=x onerror=alert(1)>.');
    expect(f).toContain('<i>miring</i> %PDF-1.4 /URI (x) >> endobj');
    expect(f).toContain('keperluan: melamar kerja di https://loker.example/id.');
    // Annotation dictionaries are not compressed: the only link is the QR's verification URL.
    const raw = pdf.toString('latin1');
    expect(raw.match(/\/Subtype \/Link/g)).toHaveLength(1);
    expect(raw.match(/\/URI \(/g)).toHaveLength(1);
    expect(raw).toContain(`/URI (${input.verifyUrl})`);
    expect(raw).not.toMatch(/\/JavaScript|\/Launch|\/OpenAction/);
  });

  it('breaks a long word and flows a long statement to page 2, signature on the last page', async () => {
    const input = sampleLetterInput(logoPng);
    const word = 'Panjang'.repeat(60);
    const statement = Array.from(
      { length: 8 },
      (_, i) =>
        `Paragraf ${i + 1}: nama tersebut di atas adalah benar warga desa kami, ` +
        'berkelakuan baik, dan tidak pernah tersangkut perkara pidana maupun perdata ' +
        'sepanjang pengetahuan perangkat desa yang bertugas di wilayah tempat tinggalnya.',
    ).join('\n');
    const pdf = await renderLetterPdf({
      ...input,
      statement: `${word} ${statement}`,
      details: [...(input.details ?? []), ['Rincian', `Kode ${word}`]],
    });
    expect(info(pdf).Pages).toBe('2');
    const p1 = flat(text(pdf, 1));
    const p2 = flat(text(pdf, 2));
    expect(p1).toContain('Halaman 1 dari 2');
    expect(p2).toContain('Halaman 2 dari 2');
    expect(p1).not.toContain('Kepala Desa Sukamaju H.');
    expect(p1).not.toContain('NIP.');
    expect(p2).toContain('Demikian surat keterangan ini');
    expect(p2).toContain('Sukamaju, 22 November 2026');
    expect(p2).toContain('H. Ahmad Suryadi, S.Sos.');
    expect(p2).toContain('NIP. 19700512 199803 1 004');
    expect(p2).toContain(input.verifyUrl);
    // The long word is all there (cut over lines), and nothing runs past the margins.
    expect(text(pdf).replace(/\s+/g, '')).toContain(word);
    for (const b of wordBoxes(pdf)) {
      expect(b.xMin).toBeGreaterThanOrEqual(70);
      expect(b.xMax).toBeLessThanOrEqual(595.28 - 56.69 + 0.5);
      expect(b.yMax).toBeLessThanOrEqual(841.89 - 20);
    }
  });

  it('flows a statement repeated 12 times to page 2 with closing and signature together', async () => {
    const input = sampleLetterInput(logoWebp);
    const statement = Array.from({ length: 12 }, () => input.statement).join('\n');
    const pdf = await renderLetterPdf({ ...input, statement });
    expect(info(pdf).Pages).toBe('2');
    const p2 = flat(text(pdf, 2));
    expect(p2).toContain('Demikian surat keterangan ini');
    expect(p2).toContain('Kepala Desa Sukamaju');
    expect(p2).toContain('H. Ahmad Suryadi, S.Sos.');
  });

  it('keeps one very long table value within its column over pages', async () => {
    const input = sampleLetterInput(null);
    const pdf = await renderLetterPdf({
      ...input,
      details: [['Kronologi', 'Barang hilang di pasar. '.repeat(180)]],
    });
    expect(Number(info(pdf).Pages)).toBeGreaterThanOrEqual(2);
    for (const b of wordBoxes(pdf)) {
      expect(b.xMax).toBeLessThanOrEqual(595.28 - 56.69 + 0.5);
      expect(b.yMax).toBeLessThanOrEqual(841.89 - 20);
    }
  });

  it('never splits a table row over a page break', async () => {
    const input = sampleLetterInput(logoPng);
    const details = Array.from(
      { length: 16 },
      (_, i) =>
        [
          `Rincian ke-${i + 1}`,
          `Barang nomor ${i + 1}: tas ransel hitam berisi buku tulis, dompet kecil, payung ` +
            `lipat, botol minum, kotak pensil, kunci rumah dan sebuah buku catatan (baris ${i + 1}).`,
        ] as const,
    );
    // Statements one, two and three lines longer move the break across the rows' lines.
    for (const extra of ['', 'Satu.', 'Satu.\nDua.']) {
      const statement = [input.statement, extra].filter(Boolean).join('\n');
      const pdf = await renderLetterPdf({ ...input, statement, details });
      const pages = Number(info(pdf).Pages);
      expect(pages).toBe(2);
      const byPage = Array.from({ length: pages }, (_, i) => flat(text(pdf, i + 1)));
      for (const [label, value] of details) {
        // The label and all the lines of its value are on one page.
        const page = byPage.findIndex((t) => t.includes(label));
        expect(page, label).toBeGreaterThanOrEqual(0);
        expect(byPage[page], `${label} (${extra})`).toContain(value);
      }
    }
  });

  it('renders Cyrillic and Greek names and survives characters Tinos lacks', async () => {
    const input = sampleLetterInput(null);
    const name = 'Иван Петрович Σωκράτης Παπαδόπουλος Nguyễn Thị Ánh Zoë Œuvre';
    const pdf = await renderLetterPdf({
      ...input,
      applicant: [['Nama Lengkap', name], ...input.applicant.slice(1)],
      statement: `Nama lain: 李小龙 😀 שלום ꦗꦮ ${name}`,
      village: { ...input.village, head_name: 'Ἀλέξανδρος Кузнецов' },
    });
    const f = flat(text(pdf));
    expect(f).toContain(name);
    expect(f).toContain('Ἀλέξανδρος Кузнецов');
    expect(f).toContain('Nama lain: ??? ? ???? ??');
  });

  it('works without a logo, and with PNG, JPEG and WebP logos', async () => {
    const input = sampleLetterInput(null);
    const none = await renderLetterPdf(input);
    expect(none.toString('latin1')).not.toContain('/Subtype /Image');
    expect(flat(text(none))).toContain('DESA SUKAMAJU');
    for (const logo of [logoPng, logoJpeg, logoWebp]) {
      const pdf = await renderLetterPdf(withVillage(input, { logo }));
      expect(pdf.toString('latin1')).toContain('/Subtype /Image');
      expect(flat(text(pdf))).toContain('DESA SUKAMAJU');
    }
    // Bytes that are no image do not stop a letter from being issued.
    const broken = await renderLetterPdf(
      withVillage(input, { logo: Buffer.from('<svg>not a logo</svg>') }),
    );
    expect(broken.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('adapts the wording: Kota, pengantar letters, no NIP, no purpose', async () => {
    const input = sampleLetterInput(null);
    const pdf = await renderLetterPdf({
      ...withVillage(input, { kabupaten: 'Kota Bogor', name: 'Desa Sukamaju', head_nip: null }),
      title: 'SURAT PENGANTAR SKCK',
      purpose: 'melamar pekerjaan.',
    });
    const f = flat(text(pdf));
    expect(f).toContain('PEMERINTAH KOTA BOGOR');
    expect(f).toContain('DESA SUKAMAJU');
    expect(f).not.toContain('DESA DESA');
    expect(f).toContain('Kecamatan Cibinong, Kota Bogor, menerangkan');
    expect(f).toContain('Surat pengantar ini dibuat untuk keperluan: melamar pekerjaan.');
    expect(f).not.toContain('pekerjaan..');
    expect(f).toContain('Demikian surat pengantar ini');
    expect(f).not.toContain('NIP.');
    const noPurpose = flat(text(await renderLetterPdf({ ...input, purpose: null })));
    expect(noPurpose).not.toContain('keperluan:');
  });

  it('keeps the date whole and the letterhead inside the margins for long names', async () => {
    const input = sampleLetterInput(logoPng);
    const pdf = await renderLetterPdf(
      withVillage(input, {
        name: 'Sukamaju Kidul Wetan Tengah',
        kecamatan: 'Cibinong Raya Selatan',
        kabupaten: 'Kabupaten Bandung Barat Daya Sejahtera',
        head_name: 'Prof. Dr. Ir. H. Raden Muhammad Abdurrahman Wahid Kusumanegara, M.Sc.',
      }),
    );
    const lines = text(pdf).split('\n');
    expect(lines.some((l) => l.trim() === '22 November 2026')).toBe(true);
    expect(flat(text(pdf))).toContain('PEMERINTAH KABUPATEN BANDUNG BARAT DAYA SEJAHTERA');
    for (const b of wordBoxes(pdf)) {
      expect(b.xMin).toBeGreaterThanOrEqual(70);
      expect(b.xMax).toBeLessThanOrEqual(595.28 - 56.69 + 0.5);
    }
  });

  it('rejects an invalid issue date', async () => {
    await expect(
      renderLetterPdf({ ...sampleLetterInput(null), issueDate: '2026-02-30' }),
    ).rejects.toThrow(/Tanggal surat tidak valid/);
  });
});
