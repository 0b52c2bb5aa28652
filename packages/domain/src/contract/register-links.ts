import { z } from 'zod';
import { NIK_LENGTH_MESSAGE } from '../register/nik.ts';

/**
 * Letters and accounts meeting the population register (issue 21, docs/accounts.md, ADR 0030):
 * the family a resident may file letters for, the birth or death recorded from a letter, and the
 * resident accounts not linked to the register.
 */
export const registerLinkPaths = {
  /** GET the people a signed-in resident may file a letter for: themselves and their family. */
  letterSubjects: '/api/letter-subjects',
  /** GET what the letter would record (prefilled); POST { nik? } records it (office). */
  registerEvent: '/api/letter-requests/:id/register-event',
  /** GET the resident accounts not linked to the register, with the reason (office). */
  unmatched: '/api/users/unmatched',
  /** POST: link the unlinked accounts whose NIK is in the register (office; also after each import). */
  match: '/api/users/register-match',
} as const;

const LIFE = ['hidup', 'meninggal', 'pindah', 'hilang'] as const;

/** A person the resident may (or, when not living, may not) file a letter for. */
export const letterSubjectOption = z.object({
  person_id: z.number(),
  name: z.string(),
  /** The NIK's last 4 digits only. */
  nik_masked: z.string(),
  relationship: z.string().nullable(),
  gender: z.string().nullable(),
  birth_date: z.string().nullable(),
  life_status: z.enum(LIFE),
  /** The resident's own person. */
  self: z.boolean(),
  /** Whether a letter can be filed for them; `refusal` says why not. */
  allowed: z.boolean(),
  refusal: z.string().nullable(),
});
export type LetterSubjectOption = z.infer<typeof letterSubjectOption>;

export const letterSubjectsAnswer = z.object({
  /** False when the account is not linked to the register: only letters for oneself. */
  linked: z.boolean(),
  data: z.array(letterSubjectOption),
});
export type LetterSubjectsAnswer = z.infer<typeof letterSubjectsAnswer>;

/** The birth or death a Kelahiran or Kematian letter records in the register. */
export const registerEventProposal = z.object({
  kind: z.enum(['birth', 'death']),
  /** What the button says: "Catat kelahiran di buku induk" / "Catat kematian". */
  action_label: z.string(),
  /** The event already recorded from this letter; null while not recorded. */
  recorded_event_id: z.number().nullable(),
  /** Why it cannot be recorded now (the letter not issued, the person not found…); null when it can. */
  blocked: z.string().nullable(),
  /** The person as it would be recorded (birth: the baby; death: the deceased). */
  person: z.object({
    id: z.number().nullable(),
    name: z.string(),
    gender: z.string().nullable(),
    birth_place: z.string().nullable(),
    birth_date: z.string().nullable(),
    father_name: z.string().nullable(),
    mother_name: z.string().nullable(),
    relationship: z.string().nullable(),
  }),
  /** The family the baby joins (birth), or the deceased's family (death). */
  family: z
    .object({ id: z.number(), kk_masked: z.string(), head_name: z.string().nullable() })
    .nullable(),
  occurred_on: z.string(),
  reported_on: z.string(),
  /** Accounts closed by a death (how many are linked to the deceased). */
  accounts_to_close: z.number(),
});
export type RegisterEventProposal = z.infer<typeof registerEventProposal>;
export const registerEventProposalAnswer = z.object({ data: registerEventProposal });
export type RegisterEventProposalAnswer = z.infer<typeof registerEventProposalAnswer>;

/** POST: a birth needs the baby's NIK (from the new KK); a death needs nothing more. */
export const registerEventFromLetterBody = z.object({
  nik: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s.]/g, '') || undefined : v),
      z.string({ error: NIK_LENGTH_MESSAGE }).regex(/^\d{16}$/, NIK_LENGTH_MESSAGE),
    )
    .optional(),
});
export type RegisterEventFromLetterBody = z.input<typeof registerEventFromLetterBody>;

export const registerEventRecordedAnswer = z.object({
  message: z.string(),
  data: registerEventProposal,
});
export type RegisterEventRecordedAnswer = z.infer<typeof registerEventRecordedAnswer>;

const UNMATCHED_REASONS = [
  'no_nik',
  'not_in_register',
  'birth_date_differs',
  'person_taken',
  'matchable',
] as const;

export const unmatchedAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  nik_masked: z.string().nullable(),
  created_at: z.string(),
  reason: z.enum(UNMATCHED_REASONS),
  reason_label: z.string(),
});
export type UnmatchedAccount = z.infer<typeof unmatchedAccountSchema>;

export const unmatchedAccountsAnswer = z.object({
  data: z.array(unmatchedAccountSchema),
  /** All unlinked resident accounts (the list shows the oldest 200). */
  total: z.number(),
});
export type UnmatchedAccountsAnswer = z.infer<typeof unmatchedAccountsAnswer>;

export const registerMatchAnswer = z.object({ message: z.string(), matched: z.number() });
export type RegisterMatchAnswer = z.infer<typeof registerMatchAnswer>;
