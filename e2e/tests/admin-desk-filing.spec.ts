import { expect, test, type Page } from '@playwright/test';
import { APPLICANT_FIELDS, letterTypeByCode, requestReference } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { byLabel, fillField, signIn } from './admin.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN } from './fixtures.ts';

const ku = letterTypeByCode('ku')!;
const BUDI = {
  email: 'budi.santoso@sukamaju.desa.id',
  password: 'warga-e2e-rahasia',
  name: 'Budi Santoso',
};

/** A person without an account, as the clerk types them from their KTP and KK. */
const WALK_IN: Record<string, string> = {
  name: 'Darto Sumarno',
  nik: '3201010101700011',
  kk_number: '3201010101700099',
  birth_place: 'Cianjur',
  birth_date: '1970-01-01',
  gender: 'Laki-laki',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Petani',
  education: 'SD/Sederajat',
  nationality: 'WNI',
  address: 'Kp. Cibodas',
  rt: '003',
  rw: '002',
  hamlet: 'Cibodas',
};

/** The count on a status tab of the queue ("Diajukan 3"). */
async function tabCount(page: Page, label: string): Promise<number> {
  const tab = page
    .getByRole('navigation', { name: 'Status permohonan' })
    .getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
  await expect(tab).toBeVisible();
  return Number((await tab.textContent())!.replace(/\D/g, ''));
}

/** The type's fields of the create and edit forms, as the clerk fills them in. */
async function fillLetterFields(page: Page) {
  const values = LETTER_EXAMPLES.ku as Record<string, unknown>;
  for (const field of ku.fields) {
    if (values[field.name] !== undefined) await fillField(page, field, values[field.name]);
  }
}

async function atWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400); // the sidebar's 0.3 s slide
    // From the top, so the fixed header is photographed where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await photograph(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a clerk files for a person without an account, edits the request, and the timeline shows the change', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN, /\/admin$/);
  await page.goto('/admin/service-ku');
  const submittedBefore = await tabCount(page, 'Diajukan');

  await page.goto('/admin/service-ku/create');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ku.title);
  await page.getByRole('radio', { name: /Orang tanpa akun/ }).check();
  for (const field of APPLICANT_FIELDS) await fillField(page, field, WALK_IN[field.name]);
  await expectAccessible(page, 'desk create, typed applicant');
  await atWidths(page, 'admin-desk-create-walk-in');
  await page.getByRole('button', { name: 'Lanjut ke isian surat' }).click();
  await expect(page.getByText('Pemohon: Darto Sumarno (NIK berakhiran 0011)')).toBeVisible();
  await fillLetterFields(page);
  await expectAccessible(page, 'desk create, letter fields');
  await page.getByRole('button', { name: 'Ajukan permohonan' }).click();

  await expect(page).toHaveURL(/\/admin\/service-ku\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toContainText(requestReference('ku', id));
  const applicant = page.getByRole('region', { name: /Data pemohon/ });
  await expect(applicant.getByText('Darto Sumarno')).toBeVisible();
  await expect(applicant.getByText('3201010101700011')).toBeVisible();

  // The queue counts it.
  await page.goto('/admin/service-ku');
  await expect.poll(() => tabCount(page, 'Diajukan')).toBe(submittedBefore + 1);

  // Edit: the purpose changes; the timeline shows the old and the new value.
  await page.goto(`/admin/service-ku/${id}/edit`);
  await expect(byLabel(page, 'Keperluan')).toHaveValue(String(LETTER_EXAMPLES.ku.purpose));
  await expectAccessible(page, 'desk edit');
  await atWidths(page, 'admin-desk-edit');
  await byLabel(page, 'Keperluan').fill('Pengajuan pinjaman koperasi');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/service-ku/${id}$`));
  const edit = page.getByRole('listitem').filter({ hasText: 'Isian diubah' });
  await expect(edit).toContainText(
    `Keperluan: ${String(LETTER_EXAMPLES.ku.purpose)} → menjadi Pengajuan pinjaman koperasi`,
  );
  await expect(edit).toContainText('Administrator');
  await atWidths(page, 'admin-desk-review-edited');
});

test('a clerk files for a registered resident, who sees it; a rejected request shows the resident the reason; the counts follow', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN, /\/admin$/);

  // On a registered resident's behalf, found by name.
  await page.goto('/admin/service-ku/create');
  await page.getByLabel('Cari warga').fill('budi');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await page.getByRole('button', { name: `Pilih ${BUDI.name}` }).click();
  await expect(page.getByText(`Pemohon: ${BUDI.name}`)).toBeVisible();
  await fillLetterFields(page);
  await page.getByRole('button', { name: 'Ajukan permohonan' }).click();
  await expect(page).toHaveURL(/\/admin\/service-ku\/\d+$/);
  const id = Number(page.url().split('/').pop());

  // Budi sees it in his history and was told.
  const budi = await apiSession(request, BUDI);
  const history = (await (await request.get('/api/letter-requests', { headers: budi })).json())
    .data as { id: number }[];
  expect(history.map((r) => r.id)).toContain(id);
  const notices = (await (await request.get('/api/notifications', { headers: budi })).json())
    .data as { link: string | null }[];
  expect(notices.some((n) => n.link?.endsWith(`/${id}`))).toBe(true);

  // Counts before the rejection.
  await page.goto('/admin/service-ku');
  const submitted = await tabCount(page, 'Diajukan');
  const rejected = await tabCount(page, 'Ditolak');

  // Tolak, with a reason.
  await page.goto(`/admin/service-ku/${id}`);
  await page
    .getByRole('group', { name: 'Tindakan' })
    .getByRole('button', { name: 'Tolak' })
    .click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await dialog.getByLabel('Alasan penolakan').fill('Usaha berada di luar wilayah desa.');
  await dialog.getByRole('button', { name: 'Tolak' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toContainText(
    'Permohonan ditolak',
  );

  await page.goto('/admin/service-ku');
  await expect.poll(() => tabCount(page, 'Diajukan')).toBe(submitted - 1);
  await expect.poll(() => tabCount(page, 'Ditolak')).toBe(rejected + 1);

  // Budi sees the reason on his request's page (his own browser).
  const phone = await browser.newPage();
  await signIn(phone, BUDI, /\/$/);
  await phone.goto(`/service/ku/${id}`);
  await expect(phone.getByText('Ditolak').first()).toBeVisible();
  await expect(phone.getByText('Usaha berada di luar wilayah desa.').first()).toBeVisible();
  await phone.close();
});
