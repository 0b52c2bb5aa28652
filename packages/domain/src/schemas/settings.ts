import { z } from 'zod';
import { MAX_ID } from '../ids.ts';
import { msg } from '../messages.ts';
import { letterNumberFormatProblem } from '../settings.ts';
import {
  DEFAULT_LETTER_NUMBER_FORMAT,
  SETTINGS_LABELS,
  VILLAGE_CODE_MESSAGE,
} from '../settings-fields.ts';
import { trimmedOrNull as blankToNull, digits, optionalText, text } from './builders.ts';

// `PUT /api/settings` (ADR 0021): the village's identity, from the model's labels and rules
// (settings.ts, settings-fields.ts). One schema for the admin form and the server.

/** https://host.tld, optional port, then an optional path, query or fragment without spaces. */
const HTTPS_URL =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An optional web address that must use https (social links open from the public site). */
export const httpsUrl = (label: string, example: string) => {
  const message = `${label} harus alamat web yang diawali https://, misalnya ${example}.`;
  return z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .max(255, msg.maxLength(label, 255))
      .regex(HTTPS_URL, message)
      .nullable(),
  );
};

const optionalEmail = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blankToNull(v.toLowerCase()) : blankToNull(v)),
    z
      .string({ error: msg.email(label) })
      .max(254, msg.maxLength(label, 254))
      .pipe(z.email({ error: msg.email(label) }))
      .nullable(),
  );

const optionalPattern = (label: string, pattern: RegExp, message: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .max(max, msg.maxLength(label, max))
      .regex(pattern, message)
      .nullable(),
  );

const fileId = (label: string) =>
  z.preprocess(
    (v) => {
      const s = blankToNull(v);
      return typeof s === 'string' && /^\d{1,15}$/.test(s) ? Number(s) : s;
    },
    z
      .number({ error: msg.image(label) })
      .int(msg.image(label))
      .positive(msg.image(label))
      .max(MAX_ID, msg.image(label))
      .nullable(),
  );

/** An office number as people write it, e.g. (0251) 876-5432 or +62 251 8765432. */
const officePhone = (label: string) => {
  const message = `${label} hanya boleh berisi angka (6–15 digit), spasi, tanda hubung, kurung, dan boleh diawali +.`;
  return z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .max(25, msg.maxLength(label, 25))
      .refine((v) => /^\+?[\d\s()-]+$/.test(v) && /^\d{6,15}$/.test(v.replace(/\D/g, '')), message)
      .nullable(),
  );
};

/** Labels from the field definitions (settings-fields.ts), typed once. */
const L = (name: string) => SETTINGS_LABELS[name] ?? name;

export const settingsSocialSchema = z.object({
  whatsapp: httpsUrl(L('social.whatsapp'), 'https://wa.me/6281234567890'),
  youtube: httpsUrl(L('social.youtube'), 'https://www.youtube.com/@desasukamaju'),
  instagram: httpsUrl(L('social.instagram'), 'https://www.instagram.com/desasukamaju'),
  twitter: httpsUrl(L('social.twitter'), 'https://x.com/desasukamaju'),
});

const EMPTY_SOCIAL = { whatsapp: null, youtube: null, instagram: null, twitter: null };

/** `PUT /api/settings`: the whole identity; optional fields left empty are stored as null. */
export const settingsUpdateSchema = z
  .object({
    village_name: text(L('village_name'), 100),
    kecamatan: text(L('kecamatan'), 100),
    kabupaten: text(L('kabupaten'), 100),
    provinsi: text(L('provinsi'), 100),
    address: optionalText(L('address'), 255),
    postal_code: digits(L('postal_code'), 5),
    phone: officePhone(L('phone')),
    email: optionalEmail(L('email')),
    logo_file_id: fileId(L('logo_file_id')),
    head_name: optionalText(L('head_name'), 100),
    head_nip: optionalPattern(
      L('head_nip'),
      /^[0-9 .]+$/,
      `${L('head_nip')} hanya boleh berisi angka, spasi dan titik.`,
      30,
    ),
    village_code: optionalPattern(
      L('village_code'),
      /^\d{2}\.?\d{2}\.?\d{2}\.?\d{4}$/,
      VILLAGE_CODE_MESSAGE,
      13,
    ),
    letter_number_format: z.preprocess(
      (v) => blankToNull(v) ?? DEFAULT_LETTER_NUMBER_FORMAT,
      z.string({ error: msg.text(L('letter_number_format')) }).superRefine((v, ctx) => {
        const problem = letterNumberFormatProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    social: z.preprocess((v) => v ?? EMPTY_SOCIAL, settingsSocialSchema),
    /**
     * Letters may be issued while their QR code points at a loopback address (a demo on one
     * computer, issue 25.1). Left out: unchanged.
     */
    allow_loopback_qr: z
      .boolean({ error: 'Izinkan QR alamat lokal harus ya atau tidak.' })
      .optional(),
  })
  .superRefine((s, ctx) => {
    // A format that prints the village code needs one, or every letter number has a hole.
    if (s.letter_number_format.includes('{village_code}') && !s.village_code) {
      ctx.addIssue({
        code: 'custom',
        path: ['village_code'],
        message: `${L('village_code')} wajib diisi karena format nomor surat memakai {village_code}.`,
      });
    }
  });

export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;
