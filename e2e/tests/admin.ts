import { expect, type Page } from '@playwright/test';
import type { FieldDef } from '@balai/domain';
import sharp from 'sharp';

/** Signs in through the login page and waits for where the user lands (`timeout` ms, if given). */
export async function signIn(
  page: Page,
  who: { email: string; password: string },
  lands: RegExp,
  timeout?: number,
) {
  await page.goto('/auth/login');
  await page.getByLabel(/^E-mail/).fill(who.email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(lands, timeout ? { timeout } : {});
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field's control by its label, with or without " (opsional)". */
export const byLabel = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${escape(label)}(?: \\(opsional\\))?$`));

/** A photo-like PNG (a gradient), as a phone or a camera would give. */
export async function testImage(width = 1200, height = 800) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 120;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * Fills one generated form field the way a clerk would: typing, choosing, ticking, writing in
 * the editor, or uploading a photo (waiting for the upload to finish).
 */
export async function fillField(page: Page, field: FieldDef, value: unknown) {
  if (field.kind === 'reference') return;
  if (field.kind === 'image') {
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/api/files') && r.request().method() === 'POST',
    );
    await page.locator(`input[type="file"][id="${field.name}"]`).setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: await testImage(),
    });
    expect((await upload).status()).toBe(201);
    return;
  }
  if (field.kind === 'richtext') {
    const editor = byLabel(page, field.label);
    await editor.click();
    await editor.fill(
      String(value)
        .replace(/<[^>]*>/g, ' ')
        .trim(),
    );
    return;
  }
  const control = byLabel(page, field.label);
  if (field.kind === 'boolean') {
    await control.setChecked(value === true);
  } else if (field.kind === 'select') {
    await control.selectOption(String(value));
  } else {
    await control.fill(String(value ?? ''));
  }
}
