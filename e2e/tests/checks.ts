import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const SCREENSHOTS = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Zero WCAG 2 A/AA violations from axe-core on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  // Let fades and slides end first (a dialog fading in has, for a moment, too little contrast).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

/** A full-page screenshot kept as a test artifact (e2e/artifacts/screenshots/{name}.png). */
export async function photograph(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // From the top: a page scrolled down (after a click low on it) drew its sticky top bar and
  // sidebar half-way down the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Signs in through the API and returns the bearer header (for the office's side of a test). */
export async function apiSession(
  request: APIRequestContext,
  credentials: { email: string; password: string },
) {
  const login = await request.post('/api/login', { data: credentials });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()).data as { token: string };
  return { authorization: `Bearer ${token}` };
}
