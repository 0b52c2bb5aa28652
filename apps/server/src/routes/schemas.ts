import { z } from 'zod';
import { MAX_ID, POSITIONS } from '@balai/domain';

/** Response shapes shared by routes; plain schemas (no transforms) so they serialize and document cleanly. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const messageSchema = z.object({ message: z.string() });

/** A record's id in an address; past MAX_ID it names nothing (404, as any unknown id). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

export const apiUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['ADMINISTRATOR', 'WARGA']),
  roles: z.array(z.object({ name: z.enum(['ADMINISTRATOR', 'WARGA']) })),
  active: z.boolean(),
  nik: z.string().nullable(),
  kk_number: z.string().nullable(),
  phone: z.string().nullable(),
  birth_place: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.string().nullable(),
  religion: z.string().nullable(),
  marital_status: z.string().nullable(),
  occupation: z.string().nullable(),
  education: z.string().nullable(),
  nationality: z.string().nullable(),
  address: z.string().nullable(),
  rt: z.string().nullable(),
  rw: z.string().nullable(),
  hamlet: z.string().nullable(),
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
  created_at: z.string(),
  updated_at: z.string(),
});

/** Declares the error shape for every 4xx/5xx a route can answer, beside its success schema. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': errorSchema, '5xx': errorSchema };
}
