import { z } from 'zod';
import { isRealIsoDate } from '../dates.ts';
import { MAX_ID } from '../ids.ts';
import { LETTER_CODES } from '../letters/letter-codes.ts';
import { msg } from '../messages.ts';
import { cleanPlainText } from '../plain-text.ts';
import { NIP_MESSAGE, POSITIONS } from '../positions.ts';
import {
  AWAY_FROM_LABEL,
  AWAY_UNTIL_LABEL,
  MAX_APPROVE_AT_ONCE,
  PIN_MESSAGE,
  POSITION_MESSAGE,
  pinProblem,
} from '../signing.ts';
import { trimmedOrNull as blankToNull } from './builders.ts';

// The bodies of the signing endpoints (issue 15, docs/signing.md, ADR 0021), from the model's
// labels and rules (signing.ts).

/** NIP (Nomor Induk Pegawai), printed under the signer's name; optional. */
export const nipSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: NIP_MESSAGE })
    .max(30, NIP_MESSAGE)
    .regex(/^[0-9][0-9 .]*$/, NIP_MESSAGE)
    .nullable(),
);

export const positionSchema = z.enum(POSITIONS, { error: POSITION_MESSAGE });

const accountId = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .number({ error: `Pilih akun ${label} dari daftar.` })
      .int(`Pilih akun ${label} dari daftar.`)
      .positive(`Pilih akun ${label} dari daftar.`)
      .max(MAX_ID, `Pilih akun ${label} dari daftar.`)
      .nullable(),
  );

const day = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: msg.date(label) })
      .refine(isRealIsoDate, msg.date(label))
      .nullable(),
  );

const UNTIL_BEFORE_FROM = 'Tanggal selesai tidak boleh sebelum tanggal mulai.';
const BOTH_DATES = 'Isi tanggal mulai dan tanggal selesai, atau kosongkan keduanya.';

const approvalMap = z
  .record(z.string(), z.boolean({ error: 'Persetujuan Kepala Desa harus ya atau tidak.' }))
  .refine((m) => Object.keys(m).every((k) => (LETTER_CODES as readonly string[]).includes(k)), {
    message: 'Jenis surat tidak dikenal pada pengaturan persetujuan.',
  });

/** `PUT /api/settings/signing`: any subset of the keys, checked together (docs/signing.md). */
export const signingSettingsUpdateSchema = z
  .object({
    head_user_id: accountId('Kepala Desa').optional(),
    secretary_user_id: accountId('Sekretaris Desa').optional(),
    head_away_from: day(AWAY_FROM_LABEL).optional(),
    head_away_until: day(AWAY_UNTIL_LABEL).optional(),
    approval: approvalMap.optional(),
    /** The Kepala Desa's password or PIN (see `confirmationSchema`). */
    get confirmation() {
      return confirmationSchema.optional();
    },
  })
  .superRefine((v, ctx) => {
    const hasFrom = v.head_away_from !== undefined;
    const hasUntil = v.head_away_until !== undefined;
    if (hasFrom !== hasUntil || (v.head_away_from === null) !== (v.head_away_until === null)) {
      ctx.addIssue({
        code: 'custom',
        message: BOTH_DATES,
        path: [hasFrom && v.head_away_from !== null ? 'head_away_until' : 'head_away_from'],
      });
    } else if (v.head_away_from && v.head_away_until && v.head_away_until < v.head_away_from) {
      ctx.addIssue({ code: 'custom', message: UNTIL_BEFORE_FROM, path: ['head_away_until'] });
    }
  });
export type SigningSettingsUpdate = z.infer<typeof signingSettingsUpdateSchema>;

/** `PUT /api/signing/delegation`: the Kepala Desa's own away dates. */
export const delegationSchema = z
  .object({
    from: z
      .string({ error: msg.required(AWAY_FROM_LABEL) })
      .refine(isRealIsoDate, msg.date(AWAY_FROM_LABEL)),
    until: z
      .string({ error: msg.required(AWAY_UNTIL_LABEL) })
      .refine(isRealIsoDate, msg.date(AWAY_UNTIL_LABEL)),
    get confirmation() {
      return confirmationSchema.optional();
    },
  })
  .refine((v) => v.until >= v.from, { message: UNTIL_BEFORE_FROM, path: ['until'] });

const secret = (label: string, max: number) =>
  z
    .string({ error: msg.required(label) })
    .min(1, msg.required(label))
    .max(max, msg.maxLength(label, max));

const pinSchema = z.string({ error: PIN_MESSAGE }).regex(/^\d{6}$/, PIN_MESSAGE);

/** Exactly one of the password and the PIN; `missing` says what to type when neither is. */
const passwordOrPin =
  (missing: string) => (v: { password?: string; pin?: string }, ctx: z.RefinementCtx) => {
    if (v.password === undefined && v.pin === undefined) {
      ctx.addIssue({ code: 'custom', message: missing, path: ['password'] });
    } else if (v.password !== undefined && v.pin !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Masukkan kata sandi atau PIN saja, bukan keduanya.',
        path: ['pin'],
      });
    }
  };

/**
 * The Kepala Desa's own confirmation of a change of who signs, the away dates, the approvals or
 * a signer's account (issue 18, ADR 0020): their password, or their signing PIN. Optional in
 * the schemas; the permission policy says when it is needed (403 without it).
 */
export const confirmationSchema = z
  .object(
    { password: secret('Kata sandi', 128).optional(), pin: pinSchema.optional() },
    { error: 'Konfirmasi harus berisi kata sandi atau PIN Anda.' },
  )
  .superRefine(passwordOrPin('Masukkan kata sandi atau PIN Anda.'));
export type Confirmation = z.infer<typeof confirmationSchema>;

/** `PUT /api/signing/pin`. */
export const signingPinSchema = z.object({
  password: secret('Kata sandi', 128),
  pin: z.string({ error: PIN_MESSAGE }).superRefine((v, ctx) => {
    const problem = pinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** `DELETE /api/signing/pin`. */
export const signingPinRemoveSchema = z.object({ password: secret('Kata sandi', 128) });

const IDS_MESSAGE = `Pilih 1 sampai ${MAX_APPROVE_AT_ONCE} surat yang akan disetujui.`;

/** `POST /api/signing/approve`: the letters, and the password or the PIN (exactly one). */
export const approveSchema = z
  .object({
    ids: z
      .array(
        z
          .number({ error: 'Nomor permohonan tidak valid.' })
          .int('Nomor permohonan tidak valid.')
          .positive('Nomor permohonan tidak valid.')
          .max(MAX_ID, 'Nomor permohonan tidak valid.'),
        { error: IDS_MESSAGE },
      )
      .min(1, IDS_MESSAGE)
      .max(MAX_APPROVE_AT_ONCE, IDS_MESSAGE)
      .refine((ids) => new Set(ids).size === ids.length, 'Setiap surat cukup dipilih sekali.'),
    password: secret('Kata sandi', 128).optional(),
    pin: pinSchema.optional(),
  })
  .superRefine(passwordOrPin('Masukkan kata sandi atau PIN Anda untuk menyetujui surat.'));
export type ApproveBody = z.infer<typeof approveSchema>;

const RETURN_NOTE = 'Catatan pengembalian';
/** `POST /api/signing/requests/{id}/return`: why the letter goes back to the clerk. */
export const returnSchema = z.object({
  note: z.preprocess(
    (v) => (typeof v === 'string' ? cleanPlainText(v, true) : v),
    z
      .string({ error: msg.required(RETURN_NOTE) })
      .min(1, msg.required(RETURN_NOTE))
      .max(1000, msg.maxLength(RETURN_NOTE, 1000)),
  ),
});
