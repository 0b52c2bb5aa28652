import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerPdfBytes, type RegisterPdfRow } from './register-pdf.ts';

/** Each page's text, by poppler's pdftotext (layout kept, one call per page). */
function pagesOf(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-register-'));
  try {
    const file = path.join(dir, 'register.pdf');
    fs.writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const n = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    // A4 landscape.
    expect(Number(size?.[1])).toBeCloseTo(841.89, 0);
    expect(Number(size?.[2])).toBeCloseTo(595.28, 0);
    return Array.from({ length: n }, (_, i) =>
      execFileSync(
        'pdftotext',
        ['-layout', '-enc', 'UTF-8', '-f', String(i + 1), '-l', String(i + 1), file, '-'],
        { encoding: 'utf8' },
      ),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const LONG =
  'Persyaratan pengajuan kredit usaha rakyat di bank daerah untuk modal warung sembako, ' +
  'pengembangan usaha keluarga dan pembelian etalase baru bagi toko di pasar desa ujungnya';

const rows: RegisterPdfRow[] = Array.from({ length: 150 }, (_, i) => ({
  number: `470/${String(i + 1).padStart(3, '0')}/3201012001/XI/2026`,
  issuedAt: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T20:00:00.000Z`,
  typeTitle: i % 2 ? 'Surat Keterangan Usaha' : 'Surat Keterangan Tidak Mampu',
  applicantName: i % 5 ? 'Siti Rahmawati' : 'Raden Mas Sitoresmi Prabuningrat Wicaksono Adi',
  purpose: i % 7 === 0 ? `${LONG} ${i + 1}` : i % 11 === 0 ? null : 'Melamar pekerjaan',
}));

const input = {
  villageName: 'Sukamaju',
  kecamatan: 'Cibungbulang',
  kabupaten: 'Kabupaten Bogor',
  from: '2026-11-01',
  to: '2026-11-30',
  printedAt: '2026-11-30T09:30:00.000Z',
  rows,
};

const HEADER = /No\.\s+Nomor Surat\s+Tanggal\s+Jenis Surat\s+Pemohon\s+Keperluan/;

describe('register of outgoing letters as PDF', () => {
  it('has the title on page 1, the header row and "Halaman x dari y" on every page, whole rows', async () => {
    const pages = pagesOf(await registerPdfBytes(input));
    expect(pages.length).toBeGreaterThan(3);
    expect(pages[0]).toContain('BUKU AGENDA SURAT KELUAR');
    expect(pages[0]).toContain('Pemerintah Desa Sukamaju, Kecamatan Cibungbulang, Kabupaten Bogor');
    expect(pages[0]).toContain('Periode 1 November 2026 s.d. 30 November 2026');
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toMatch(HEADER);
      expect(text, `page ${i + 1}`).toContain(`Halaman ${i + 1} dari ${pages.length}`);
      expect(text).toContain('Dicetak 30 November 2026, 16.30 WIB');
      if (i > 0) {
        expect(text).not.toContain('BUKU AGENDA SURAT KELUAR');
        expect(text).toContain(
          'Buku Agenda Surat Keluar Desa Sukamaju · Periode 1 November 2026 s.d. 30 November 2026',
        );
      }
    });
    // Every row once, in order, and no row split: a long purpose ends on its row's page.
    const pageOf = (s: string) => pages.findIndex((p) => p.includes(s));
    let last = 0;
    rows.forEach((r, i) => {
      const page = pageOf(r.number);
      expect(page, r.number).toBeGreaterThanOrEqual(last);
      expect(pages.filter((p) => p.includes(r.number))).toHaveLength(1);
      last = page;
      if (r.purpose?.startsWith('Persyaratan')) {
        expect(pages[page]).toContain(`ujungnya ${i + 1}`);
      }
    });
    // Dates as the village reads them: 20:00 UTC is the next day in WIB.
    expect(pages[0]).toContain('2 November 2026');
    expect(pages[0]).not.toMatch(/\b1 November 2026\s+Surat/);
  });

  it('says when no letter was issued in the period, on one page', async () => {
    const pages = pagesOf(
      await registerPdfBytes({ ...input, from: '2026-11-23', to: '2026-11-23', rows: [] }),
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Periode 23 November 2026');
    expect(pages[0]).toMatch(HEADER);
    expect(pages[0]).toContain('Tidak ada surat yang terbit pada periode ini.');
    expect(pages[0]).toContain('Halaman 1 dari 1');
  });
});
