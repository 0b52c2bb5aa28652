import { BIODATA_FIELDS, type BiodataField } from './user-fields.ts';
import type { ApiUser as ContractUser } from './contract/users.ts';

// Users in the model: zod-free (issue 20). The request schemas built from the definitions are in
// schemas/users.ts.

/** The biodata's labels, from the definitions (user-fields.ts). */
export const BIODATA_LABELS = Object.fromEntries(
  BIODATA_FIELDS.map((f) => [f.name, f.label]),
) as Record<BiodataField, string>;

/** A NIK: 16 digits. */
export const NIK_PATTERN = /^\d{16}$/;
/** A mobile number as normalizePhone gives it (62 8…). */
export const PHONE_LOGIN_PATTERN = /^628\d{8,12}$/;

/** Whether a login identifier (after loginIdentifier) is a NIK rather than an e-mail. */
export const isNik = (identifier: string) => NIK_PATTERN.test(identifier);
/** Whether a login identifier (after loginIdentifier) is a mobile number (62…). */
export const isPhoneLogin = (identifier: string) => PHONE_LOGIN_PATTERN.test(identifier);

/** The labels of the new-password boxes, as the change and reset forms show them. */
export const NEW_PASSWORD = 'Kata sandi baru';
export const REPEAT_PASSWORD = 'Ulangi kata sandi baru';

/**
 * A user as the API shows it: the contract's type (contract/users.ts, ADR 0021), with the signing
 * fields (issue 15) optional for code written before them; new code imports `ApiUser` from
 * `@balai/domain/contract`, where every field is present.
 */
export type ApiUser = Omit<ContractUser, SigningUserField> &
  Partial<Pick<ContractUser, SigningUserField>>;
type SigningUserField = 'position' | 'position_label' | 'nip' | 'has_signing_pin' | 'signature';
