import { expect, test } from '@playwright/test';
import { signIn } from './admin.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN } from './fixtures.ts';

// Issue 18.1 (ADR 0020): only the Kepala Desa changes who signs, with their password or PIN.
// The demo village names its Kepala Desa (apps/server/src/seed/seed.ts); the office's own
// administrator sees the setup read-only, the Kepala Desa is asked for the password, and the
// Kepala Desa's user form says who may change it. Screenshots at 375 and 1280 px.
const HEAD = { email: 'kades@sukamaju.desa.id', password: 'warga-e2e-rahasia' };

for (const [label, viewport] of [
  ['375', { width: 375, height: 800 }],
  ['1280', { width: 1280, height: 900 }],
] as const) {
  test(`signing settings: read-only for the office, a password dialog for the Kepala Desa (${label} px)`, async ({
    browser,
    request,
  }) => {
    const office = await (await browser.newContext({ viewport })).newPage();
    await signIn(office, ADMIN, /\/admin/);
    await office.goto('/admin/settings/signing');
    await expect(
      office.getByText('Hanya Kepala Desa yang dapat mengubah pengaturan ini', { exact: false }),
    ).toBeVisible();
    await expect(office.getByRole('combobox', { name: /^Kepala Desa/ })).toBeDisabled();
    await expect(
      office.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }),
    ).toHaveCount(0);
    await photograph(office, `signing-trust-office-readonly-${label}`);

    const settings = (
      await (
        await request.get('/api/settings/signing', { headers: await apiSession(request, ADMIN) })
      ).json()
    ).data as { head_user_id: number };
    await office.goto(`/admin/user/${settings.head_user_id}/edit`);
    await expect(
      office.getByText('Akun ini ditetapkan sebagai Kepala Desa', { exact: false }),
    ).toBeVisible();
    await photograph(office, `signing-trust-head-account-${label}`);
    await office.close();

    const head = await (await browser.newContext({ viewport })).newPage();
    await signIn(head, HEAD, /\/admin/);
    await head.goto('/admin/settings/signing');
    // A real change (a save that changes nothing needs no confirmation): one type's approval off,
    // put back at the end.
    const last = head.getByRole('checkbox').last();
    await last.uncheck();
    await head.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }).click();
    const dialog = head.getByRole('dialog', { name: 'Simpan pengaturan tanda tangan?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/^Kata sandi Anda/).fill('bukan-sandinya');
    await dialog.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(dialog.getByText('Kata sandi salah.', { exact: false })).toBeVisible();
    await expectAccessible(head, 'signing settings confirmation dialog');
    await photograph(head, `signing-trust-head-dialog-${label}`);
    await dialog.getByLabel(/^Kata sandi Anda/).fill(HEAD.password);
    await dialog.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(head.getByText('Pengaturan tanda tangan disimpan.').first()).toBeVisible();
    await expect(last).not.toBeChecked();
    await last.check();
    await head.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }).click();
    await dialog.getByLabel(/^Kata sandi Anda/).fill(HEAD.password);
    await dialog.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(dialog).toBeHidden();
    await expect(last).toBeChecked();
    await head.close();
  });
}
