import { z } from 'zod';

/** The village identity and the office's settings (ADR 0021). */

export { settingsPaths } from './paths.ts';
export { settingsUpdateSchema, type SettingsUpdateInput } from '../schemas/settings.ts';

/** Where a stored image is served: the WebP (max 1920 px wide) and its 480 px thumbnail. */
export const imageUrlSchema = z.object({
  original: z.string(),
  thumb: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  thumb_width: z.number().nullable(),
  thumb_height: z.number().nullable(),
});
export type ImageUrl = z.infer<typeof imageUrlSchema>;

const socialOut = z.object({
  whatsapp: z.string().nullable(),
  youtube: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
});

/** `GET /api/settings`: what every visitor may see (footer, header, contact page). */
export const publicSettingsSchema = z.object({
  village_name: z.string(),
  kecamatan: z.string(),
  kabupaten: z.string(),
  provinsi: z.string(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logo_file_id: z.number().nullable(),
  logo_url: imageUrlSchema.nullable(),
  social: socialOut,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * The public part of a fuller settings answer (the administrator's): what `GET /api/settings`
 * gives every visitor, its keys taken from the schema (the one description of the public part).
 */
export function publicSettingsOf(s: PublicSettings): PublicSettings {
  const part: Record<string, unknown> = {};
  for (const key of publicSettingsSchema.keyof().options) part[key] = s[key];
  return part as PublicSettings;
}

/** `GET /api/settings/admin` and the answer of `PUT /api/settings`: everything. */
export const adminSettingsSchema = publicSettingsSchema.extend({
  head_name: z.string().nullable(),
  head_nip: z.string().nullable(),
  village_code: z.string().nullable(),
  letter_number_format: z.string(),
  /**
   * Where the QR code of every issued letter points (PUBLIC_URL + /verify/…), and whether that
   * is a loopback address a phone cannot open (issue 25.1).
   */
  qr_address: z.object({ url: z.string(), loopback: z.boolean() }),
  /** Letters may be issued with a loopback QR address (the administrator confirmed: a demo). */
  allow_loopback_qr: z.boolean(),
  updated_at: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

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
