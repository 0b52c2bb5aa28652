import { expect, test } from '@playwright/test';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { signIn } from './admin.ts';
import { ADMIN } from './fixtures.ts';
import { issueThroughOffice } from './office.ts';
import { householdMember, opensidFile, type Household, type PersonRow } from './register-file.ts';
import { startOwnServer } from './own-server.ts';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';

/**
 * Issue 21 at 375 px: a father in the register activates his own account from the login page
 * ("Aktifkan akun": NIK, No. KK, birth date), then files a Surat Keterangan for his son, a
 * member of the same Kartu Keluarga; his late mother, on the same card, cannot be chosen. The
 * desk sees "Diajukan oleh … untuk …" and the son's data from the register.
 */
const KK = '3201010101219001';
const PASSWORD = 'kebun-kopi-subur-77';

const HOME: Household = {
  no_kk: KK,
  alamat: 'Jl. Kenanga No. 9',
  dusun: 'Krajan',
  rw: '003',
  rt: '004',
  tempatlahir: 'Bogor',
};
const row = (
  name: string,
  level: number,
  sex: 1 | 2,
  birth: string,
  serial: number,
  extra: PersonRow = {},
) => householdMember(HOME, name, level, sex, birth, serial, extra);

const FATHER = row('Hendra Gunawan Keluarga', 1, 1, '1978-03-15', 9101);
const SON = row('Rizky Gunawan Keluarga', 4, 1, '2006-09-02', 9102);
const GRANDMOTHER = row('Aminah Keluarga', 7, 2, '1940-01-20', 9103, { status_dasar: 2 });

/**
 * A server of its own on a fresh database: the register spec expects an empty register when it
 * starts (its first import, its counts), and this spec must import a family.
 */
let own: Awaited<ReturnType<typeof startOwnServer>> | undefined;
const PORT = Number(process.env.E2E_PORT ?? 3100) + 21;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnServer('family', 21);
});
test.afterAll(() => own?.stop());

test.use({ baseURL: `http://127.0.0.1:${PORT}`, viewport: { width: 375, height: 812 } });

test('a resident activates from the login page and files a letter for their child', async ({
  page,
  request,
  browser,
}) => {
  const office = await apiSession(request, ADMIN);
  const imported = await request.post('/api/register/import?dry_run=0', {
    headers: office,
    multipart: {
      file: {
        name: 'keluarga.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await opensidFile([FATHER, SON, GRANDMOTHER]),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  // From the login page to "Aktifkan akun".
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Aktifkan akun' }).click();
  await expect(page).toHaveURL(/\/auth\/activate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aktifkan akun' })).toBeVisible();
  await expectAccessible(page, 'activation at 375 px');
  await page.getByLabel('NIK', { exact: true }).fill(String(FATHER.nik));
  await page.getByLabel('No. KK', { exact: true }).fill(KK);
  await page.getByLabel('Tanggal lahir').fill(String(FATHER.tanggallahir));
  await page.getByLabel(/^Nomor HP/).fill('0812 3456 7801');
  await page.getByLabel('Kata sandi', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Ulangi kata sandi').fill(PASSWORD);
  await photograph(page, 'family-activate-375');
  await page.getByRole('button', { name: 'Aktifkan akun' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);

  // The letter: for whom? Himself, his son, or (not choosable) his late mother.
  await page.goto('/service/k');
  const untuk = page.getByRole('group', { name: 'Untuk siapa surat ini?' });
  await expect(untuk).toBeVisible();
  await expect(untuk.getByRole('radio', { name: /Diri saya sendiri/ })).toBeChecked();
  await expect(untuk.getByRole('radio', { name: /Aminah Keluarga/ })).toBeDisabled();
  await expect(untuk.getByText(/sudah meninggal dunia/)).toBeVisible();
  await untuk.getByRole('radio', { name: /Rizky Gunawan Keluarga/ }).check();
  await expect(page.getByText(/Surat untuk Rizky Gunawan Keluarga \(Anak\)/)).toBeVisible();
  await expectAccessible(page, 'letter form for a family member at 375 px');
  await photograph(page, 'family-letter-form-375');

  await page.getByLabel(/^Keterangan/).fill('belum pernah menikah dan berkelakuan baik');
  await page.getByLabel(/^Keperluan/).fill('Melamar beasiswa kuliah');
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(page.getByRole('heading', { name: 'Periksa jawaban Anda' })).toBeVisible();
  await expect(page.getByText(/Surat untuk Rizky Gunawan Keluarga/)).toBeVisible();
  await expectAccessible(page, 'check step for a family member at 375 px');
  await photograph(page, 'family-letter-check-375');
  await page.getByRole('button', { name: 'Kirim permohonan' }).click();
  await expect(page).toHaveURL(/\/service\/k\/\d+\?terkirim=1$/);
  const id = Number(/\/service\/k\/(\d+)/.exec(page.url())![1]);
  await photograph(page, 'family-letter-sent-375');

  // The office's view: the son's block from the register, filed by his father.
  const desk = await request.get(`/api/statement/${id}`, { headers: office });
  const { data } = await desk.json();
  expect(data.applicant).toMatchObject({ name: SON.nama, nik: SON.nik, kk_number: KK });
  expect(data.filing).toMatchObject({ filed_by_name: FATHER.nama, on_behalf: true });

  // The desk's review screen says who filed it for whom (1280 px, the office's screen).
  const clerk = await browser.newContext({
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 900 },
  });
  const deskPage = await clerk.newPage();
  await signIn(deskPage, ADMIN, /\/admin$/);
  await deskPage.goto(`/admin/service-k/${id}`);
  await expect(deskPage.getByText(/Diajukan oleh/)).toContainText(
    `Diajukan oleh ${FATHER.nama} untuk ${SON.nama}`,
  );
  await expectAccessible(deskPage, "desk review of a family member's letter");
  await photograph(deskPage, 'family-letter-desk-1280');
  await clerk.close();
});

test('the desk records the birth of an issued Kelahiran letter in the register, once', async ({
  page,
  request,
}) => {
  const office = await apiSession(request, ADMIN);
  const found = await request.get(
    `/api/register/persons?search=${encodeURIComponent(FATHER.nama!)}`,
    {
      headers: office,
    },
  );
  const fatherId = (await found.json()).data[0].id as number;
  const filed = await request.post('/api/birth-certificates', {
    headers: office,
    data: {
      ...LETTER_EXAMPLES.kkel,
      baby_name: 'Putri Gunawan Keluarga',
      father_name: FATHER.nama,
      father_nik: FATHER.nik,
      mother_nik: '',
      subject_person_id: fatherId,
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const id = (await filed.json()).data.id as number;
  // Kelahiran needs the Kepala Desa's approval in the demo village: the clerk sends it, they sign.
  expect((await issueThroughOffice(request, '/api/birth-certificates', id)).status).toBe(
    'completed',
  );

  await signIn(page, ADMIN, /\/admin$/);
  await page.goto(`/admin/service-kkel/${id}`);
  const panel = page.getByRole('region', { name: 'Catat kelahiran di buku induk' });
  await expect(panel).toContainText('Putri Gunawan Keluarga');
  await expect(panel).toContainText(`kepala keluarga ${FATHER.nama}`);
  await panel.getByRole('button', { name: 'Catat kelahiran di buku induk' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Catat kelahiran di buku induk?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('NIK bayi').fill('3201015511260001');
  await expectAccessible(page, 'record a birth dialog at 375 px');
  await photograph(page, 'family-birth-dialog-375');
  await dialog.getByRole('button', { name: 'Catat kelahiran di buku induk' }).click();
  await expect(panel).toContainText('Kelahiran dari surat ini sudah dicatat di buku induk');
  await expect(panel.getByRole('button')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'recorded birth at 1280 px');
  await photograph(page, 'family-birth-recorded-1280');
  const again = await request.post(`/api/letter-requests/${id}/register-event`, {
    headers: office,
    data: { nik: '3201015511260002' },
  });
  expect(again.status()).toBe(409);
});
