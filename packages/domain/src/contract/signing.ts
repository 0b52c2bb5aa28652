import { z } from 'zod';
import { pageMetaSchema, pageQuery } from './common.ts';

/**
 * Signing (issue 15, docs/signing.md, ADR 0021): the signing setup the office keeps, and the
 * signer's own screens (their state, the queue, approve and return, PIN, away dates, signature).
 */

export { signingPaths } from './paths.ts';
export {
  approveSchema,
  delegationSchema,
  returnSchema,
  signingPinRemoveSchema,
  signingPinSchema,
  signingSettingsUpdateSchema,
} from '../schemas/signing.ts';

/** A named signer as the settings screen shows them. */
export const signingAccountSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    position: z.string().nullable(),
    position_label: z.string().nullable(),
    nip: z.string().nullable(),
  })
  .nullable();
export type SigningAccount = z.infer<typeof signingAccountSchema>;

/** `GET/PUT /api/settings/signing`. */
export const signingSettingsSchema = z.object({
  head_user_id: z.number().nullable(),
  secretary_user_id: z.number().nullable(),
  head_away_from: z.string().nullable(),
  head_away_until: z.string().nullable(),
  approval: z.record(z.string(), z.boolean()),
  head: signingAccountSchema,
  secretary: signingAccountSchema,
  delegation_active: z.boolean(),
  approval_types: z.array(z.object({ code: z.string(), title: z.string(), required: z.boolean() })),
  updated_at: z.string().nullable(),
});
export type SigningSettings = z.infer<typeof signingSettingsSchema>;
export const signingSettingsAnswerSchema = z.object({ data: signingSettingsSchema });

/** A letter awaiting signature, as the signer's queue lists it. */
export const signingQueueItemSchema = z.object({
  id: z.number(),
  type: z.string(),
  type_title: z.string(),
  letter_title: z.string(),
  reference: z.string(),
  applicant: z.object({
    name: z.string(),
    nik: z.string().nullable(),
    address: z.string().nullable(),
    verified: z.boolean(),
  }),
  purpose: z.string().nullable(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  clerk: z.object({ id: z.number().nullable(), name: z.string().nullable() }).nullable(),
  clerk_note: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  preview_url: z.string(),
  desk_url: z.string(),
});
export type SigningQueueItem = z.infer<typeof signingQueueItemSchema>;

export const signingQueueQuery = z.object({
  page: pageQuery.page,
  per_page: pageQuery.per_page.default(20),
});

export const signingQueueSchema = z.object({
  data: z.array(signingQueueItemSchema),
  meta: pageMetaSchema.extend({ signs_on_behalf: z.boolean() }),
});
export type SigningQueue = z.infer<typeof signingQueueSchema>;

/** `GET /api/signing/me`: this user's signing state. */
export const signingMeSchema = z.object({
  position: z.string().nullable(),
  position_label: z.string().nullable(),
  nip: z.string().nullable(),
  is_head: z.boolean(),
  is_secretary: z.boolean(),
  can_sign: z.boolean(),
  signs_on_behalf: z.boolean(),
  delegation: z.object({ from: z.string(), until: z.string(), active: z.boolean() }).nullable(),
  has_pin: z.boolean(),
  signature: z.object({ url: z.string() }).nullable(),
  waiting: z.number(),
});
export type SigningMe = z.infer<typeof signingMeSchema>;
export const signingMeAnswerSchema = z.object({ data: signingMeSchema });

export const approvedLetterSchema = z.object({
  id: z.number(),
  type: z.string(),
  reference: z.string(),
  number: z.string().nullable(),
  issued_at: z.string().nullable(),
  signed_on_behalf: z.boolean(),
  pdf_url: z.string(),
});
export type ApprovedLetter = z.infer<typeof approvedLetterSchema>;

/** `POST /api/signing/approve`: what was issued, and what could not be (with why). */
export const approveAnswerSchema = z.object({
  message: z.string(),
  data: z.object({
    approved: z.array(approvedLetterSchema),
    failed: z.array(z.object({ id: z.number(), status: z.number(), message: z.string() })),
  }),
});
export type ApproveAnswer = z.infer<typeof approveAnswerSchema>;

/** `POST /api/signing/requests/:id/return`. */
export const returnAnswerSchema = z.object({
  data: z.object({ id: z.number(), status: z.string(), note: z.string().nullable() }),
});
export type ReturnAnswer = z.infer<typeof returnAnswerSchema>;

/** `POST /api/signing/signature`: where the stored signature is read. */
export const signatureAnswerSchema = z.object({ data: z.object({ url: z.string() }) });
export type SignatureAnswer = z.infer<typeof signatureAnswerSchema>;
