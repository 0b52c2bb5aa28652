import { z } from 'zod';

/** The village identity and the office's settings (ADR 0021). */

export { settingsPaths } from './paths.ts';
export {
  adminSettingsSchema,
  imageUrlSchema,
  publicSettingsSchema,
  settingsUpdateSchema,
  type AdminSettings,
  type ImageUrl,
  type PublicSettings,
} from '../settings.ts';

/** `PUT /api/settings/qr-address`. */
export const qrAddressBodySchema = z.object({
  allow_loopback_qr: z.boolean({ error: 'Izinkan QR alamat lokal harus ya atau tidak.' }),
});

/** `GET /api/settings/letter-number-preview`: a format, a type and a village code to try. */
export const letterNumberPreviewQuery = z.object({
  format: z.string().optional(),
  type: z.string().optional(),
  village_code: z.string().optional(),
});

export const letterNumberPreviewSchema = z.object({
  /** The number as the next letter of the type would print it now. */
  number: z.string(),
  /** The sequence number it would take (another letter issued meanwhile takes it first). */
  seq: z.number(),
  type: z.string(),
  type_title: z.string(),
  classification_code: z.string(),
  /** Today in village time, the date the number's month and year come from. */
  issued_on: z.string(),
  format: z.string(),
  village_code: z.string().nullable(),
});
export type LetterNumberPreview = z.infer<typeof letterNumberPreviewSchema>;
