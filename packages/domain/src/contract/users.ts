import { z } from 'zod';
import { POSITIONS } from '../positions.ts';
import { ROLES } from '../roles.ts';
import { BIODATA_FIELD_NAMES } from '../user-fields.ts';
import { pageMetaSchema, pageQuery } from './common.ts';

/**
 * A user as the API shows it (`/api/users/*`, `/api/profile`, the login answer). The biodata
 * keys come from the field definitions (`USER_FIELDS`), not a list of their own (ADR 0021).
 */

export { userPaths } from './paths.ts';
export {
  userCreateSchema,
  userUpdateSchema,
  type UserCreateInput,
  type UserUpdateInput,
} from '../schemas/users.ts';

/** `{ nik: string | null, … }`: one nullable string per field. */
function nullableStrings<K extends string>(names: readonly K[]) {
  return Object.fromEntries(names.map((n) => [n, z.string().nullable()])) as {
    [P in K]: z.ZodNullable<z.ZodString>;
  };
}

const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  roles: z.array(z.object({ name: roleSchema })),
  active: z.boolean(),
  ...nullableStrings(BIODATA_FIELD_NAMES),
  /** When the office verified name, NIK, No. KK and birth data against the KTP and KK; null when not. */
  identity_verified_at: z.string().nullable(),
  /** The administrator who verified it. */
  identity_verified_by: z.number().nullable(),
  /** An administrator's position (issue 15): operator, sekretaris_desa, kepala_desa; null for residents. */
  position: z.enum(POSITIONS).nullable(),
  position_label: z.string().nullable(),
  /** NIP printed under the signer's name. */
  nip: z.string().nullable(),
  has_signing_pin: z.boolean(),
  /** The signer's signature image (only its owner may fetch it). */
  signature: z.object({ url: z.string() }).nullable(),
  /** The register person the account belongs to (issue 21); null when not linked. */
  register_person_id: z.number().nullable().optional(),
  /** When the account was matched with the register ("cocok dengan buku induk"): not a verification. */
  register_matched_at: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A user as the API shows it. */
export type ApiUser = z.infer<typeof userSchema>;

export const userAnswerSchema = z.object({ data: userSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

export const userListSchema = z.object({ data: z.array(userSchema), meta: pageMetaSchema });
export type UserList = z.infer<typeof userListSchema>;

/** An empty value in a query string ("Semua" in a plain form) is no filter. */
const emptyIsNone = (v: unknown) => (v === '' ? undefined : v);

/** "true" or "false" in a query string, as a boolean. */
const yesNo = (message: string) =>
  z.preprocess(
    emptyIsNone,
    z
      .enum(['true', 'false'], { error: message })
      .transform((v) => v === 'true')
      .optional(),
  );

/** `GET /api/users/list`: SPEC's search, per_page and page, and the admin screen's filters. */
export const userListQuery = z.object({
  ...pageQuery,
  role: z.preprocess(
    emptyIsNone,
    z.enum(ROLES, { error: 'Peran harus ADMINISTRATOR atau WARGA.' }).optional(),
  ),
  active: yesNo('Filter status aktif harus true atau false.'),
  verified: yesNo('Filter identitas terverifikasi harus true atau false.'),
});
export type UserListQuery = z.input<typeof userListQuery>;
