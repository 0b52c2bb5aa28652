import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { letterTypeByCode, requestReference, todayIso } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { signIn } from './admin.ts';
import { apiSession, expectAccessible } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';
import { issueThroughOffice } from './office.ts';

const ku = letterTypeByCode('ku')!;
const FORMULA = '=HYPERLINK("http://jahat.example","Klik")';

test('a clerk downloads the filtered queue as CSV and Excel, and the register of outgoing letters as PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The resident files two business letters; one purpose looks like a spreadsheet formula.
  const resident = await apiSession(request, RESIDENT);
  const ids: number[] = [];
  for (const purpose of [FORMULA, 'Melamar pekerjaan di kota']) {
    const res = await request.post(ku.base, {
      headers: resident,
      data: { ...LETTER_EXAMPLES.ku, purpose },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).data.id as number);
  }
  // The office issues the second, so the register has a letter of today.
  const { number } = await issueThroughOffice(request, ku.base, ids[1]!);

  await signIn(page, ADMIN, /\/admin$/);
  // The queue filtered to the resident's waiting requests: the export is what it shows.
  const today = todayIso();
  await page.goto(
    `/admin/service-ku?status=submitted&from=${today}&to=${today}&search=${encodeURIComponent(RESIDENT.name)}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ku.title);
  const reference = requestReference('ku', ids[0]!);
  await expect(page.getByRole('link', { name: reference, exact: true })).toBeVisible();
  const shown = await page
    .getByRole('row')
    .getByRole('link', { name: /^KU-\d+$/ })
    .allTextContents();
  // The list's count ("2 permohonan berstatus Diajukan cocok"); the table shows its first page.
  const total = Number(
    /([\d.]+) permohonan/
      .exec((await page.getByText(/permohonan berstatus/).textContent())!)![1]!
      .replace(/\./g, ''),
  );
  expect(total).toBeGreaterThanOrEqual(1);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`permohonan-surat-ku-${todayIso()}.csv`);
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toMatch(/^No\.;Referensi;Jenis Surat;Status;/);
  const refs = lines
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split(';')[1]);
  expect(refs).toHaveLength(total);
  expect(refs.slice(0, shown.length)).toEqual(shown);
  // The formula stays text: quoted by RFC 4180 (it has quotes and a comma) and prefixed with '.
  const formulaLine = lines.find((l) => l.includes(reference))!;
  expect(formulaLine).toContain(`"'=HYPERLINK(""http://jahat.example"",""Klik"")"`);
  await expect(page.getByText(`${csv.suggestedFilename()} diunduh.`)).toBeVisible();

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`permohonan-surat-ku-${todayIso()}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path())!);
  const sheet = workbook.getWorksheet('Permohonan Surat')!;
  expect(sheet.getRow(1).getCell(2).value).toBe('Referensi');
  expect(sheet.getRow(1).getCell(10).value).toBe('Keperluan');
  const sheetRefs: unknown[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) sheetRefs.push(sheet.getRow(r).getCell(2).value);
  expect(sheetRefs).toEqual(refs);
  const row = sheetRefs.indexOf(reference) + 2;
  const purpose = sheet.getRow(row).getCell(10);
  expect(purpose.type).toBe(ExcelJS.ValueType.String);
  expect(purpose.value).toBe(`'${FORMULA}`);

  // The register of outgoing letters, on Semua Layanan: today's letters as a PDF.
  await page.goto('/admin/service');
  const register = page.getByRole('region', { name: 'Buku Agenda Surat Keluar' });
  await expect(register).toBeVisible();
  await register.getByLabel('Dari tanggal').fill(todayIso());
  await register.getByLabel('Sampai tanggal').fill(todayIso());
  const pdfDownload = page.waitForEvent('download');
  await register.getByRole('button', { name: 'Unduh PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(
    `buku-agenda-surat-keluar-${todayIso()}-sd-${todayIso()}.pdf`,
  );
  const pdfText = execFileSync('pdftotext', ['-layout', (await pdf.path())!, '-'], {
    encoding: 'utf8',
  });
  expect(pdfText).toContain('BUKU AGENDA SURAT KELUAR');
  expect(pdfText).toContain(number);
  expect(pdfText).toContain('Halaman 1 dari 1');
  await expectAccessible(page, 'desk queue with the register of outgoing letters');
});
