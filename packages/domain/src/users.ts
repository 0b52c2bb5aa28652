import { z } from 'zod';
import { EDUCATIONS, GENDERS, MARITAL_STATUSES, NATIONALITIES, RELIGIONS } from './choices.ts';
import { isRealIsoDate, todayIso } from './dates.ts';
import { msg } from './messages.ts';
import { ROLES } from './roles.ts';

/** Empty strings from forms mean "not filled in". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export const text = (label: string, max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: msg.required(label) })
      .min(1, msg.required(label))
      .max(max, msg.maxLength(label, max)),
  );

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: msg.maxLength(label, max) })
      .max(max, msg.maxLength(label, max))
      .nullable()
      .optional(),
  );

export const email = (label = 'E-mail') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: msg.required(label) })
      .min(1, msg.required(label))
      .max(254, msg.maxLength(label, 254))
      .pipe(z.email({ error: msg.email(label) })),
  );

export const digits = (label: string, n: number) =>
  z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: msg.exactDigits(label, n) })
      .regex(new RegExp(`^\\d{${n}}$`), msg.exactDigits(label, n))
      .nullable()
      .optional(),
  );

export const phone = (label = 'No. HP') =>
  z.preprocess(
    (v) => blankToNull(typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
    z
      .string({ error: msg.digitsOnly(label) })
      .regex(/^\+?\d{8,15}$/, `${label} hanya boleh berisi angka (8–15 digit), boleh diawali +.`)
      .nullable()
      .optional(),
  );

export const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.preprocess(
    blankToNull,
    z
      .enum(options, { error: msg.chooseOne(label) })
      .nullable()
      .optional(),
  );

export const pastDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: msg.date(label) })
      .refine(isRealIsoDate, msg.date(label))
      .refine((v) => v <= todayIso(), msg.dateNotFuture(label))
      .refine((v) => v >= '1900-01-01', `${label} tidak boleh sebelum tahun 1900.`)
      .nullable()
      .optional(),
  );

export const password = (label = 'Kata sandi') =>
  z
    .string({ error: msg.required(label) })
    .min(8, msg.minLength(label, 8))
    .max(128, msg.maxLength(label, 128));

/** The biodata a resident keeps in their profile; it becomes the applicant block of a letter. */
export const biodataShape = {
  nik: digits('NIK', 16),
  kk_number: digits('No. KK', 16),
  phone: phone('No. HP'),
  birth_place: optionalText('Tempat lahir', 100),
  birth_date: pastDate('Tanggal lahir'),
  gender: choice('Jenis kelamin', GENDERS),
  religion: choice('Agama', RELIGIONS),
  marital_status: choice('Status perkawinan', MARITAL_STATUSES),
  occupation: optionalText('Pekerjaan', 100),
  education: choice('Pendidikan', EDUCATIONS),
  nationality: choice('Kewarganegaraan', NATIONALITIES),
  address: optionalText('Alamat', 255),
  rt: z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: 'RT harus 1–3 digit angka.' })
      .regex(/^\d{1,3}$/, 'RT harus 1–3 digit angka.')
      .nullable()
      .optional(),
  ),
  rw: z.preprocess(
    (v) => blankToNull(trimmed(v)),
    z
      .string({ error: 'RW harus 1–3 digit angka.' })
      .regex(/^\d{1,3}$/, 'RW harus 1–3 digit angka.')
      .nullable()
      .optional(),
  ),
  hamlet: optionalText('Dusun', 100),
};

export const BIODATA_LABELS: Record<keyof typeof biodataShape, string> = {
  nik: 'NIK',
  kk_number: 'No. KK',
  phone: 'No. HP',
  birth_place: 'Tempat lahir',
  birth_date: 'Tanggal lahir',
  gender: 'Jenis kelamin',
  religion: 'Agama',
  marital_status: 'Status perkawinan',
  occupation: 'Pekerjaan',
  education: 'Pendidikan',
  nationality: 'Kewarganegaraan',
  address: 'Alamat',
  rt: 'RT',
  rw: 'RW',
  hamlet: 'Dusun',
};

export const loginSchema = z.object({
  email: email('E-mail'),
  password: z
    .string({ error: msg.required('Kata sandi') })
    .min(1, msg.required('Kata sandi'))
    .max(128, msg.maxLength('Kata sandi', 128)),
});

/** A resident's own profile: biodata and contact data, never role or active flag. */
export const profileUpdateSchema = z
  .object({
    name: text('Nama', 100).optional(),
    email: email('E-mail').optional(),
    ...biodataShape,
  })
  .strip();

export const userCreateSchema = z.object({
  name: text('Nama', 100),
  email: email('E-mail'),
  password: password(),
  role: z.enum(ROLES, { error: 'Peran harus ADMINISTRATOR atau WARGA.' }).default('WARGA'),
  active: z.boolean({ error: msg.boolean('Status aktif') }).default(true),
  ...biodataShape,
});

export const userUpdateSchema = z.object({
  name: text('Nama', 100).optional(),
  email: email('E-mail').optional(),
  password: password().optional(),
  role: z.enum(ROLES, { error: 'Peran harus ADMINISTRATOR atau WARGA.' }).optional(),
  active: z.boolean({ error: msg.boolean('Status aktif') }).optional(),
  ...biodataShape,
});

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T) =>
  v.password === v.password_confirmation;

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: msg.required('Kata sandi saat ini') })
      .min(1, msg.required('Kata sandi saat ini')),
    password: password('Kata sandi baru'),
    password_confirmation: z.string({ error: msg.required('Konfirmasi kata sandi') }),
  })
  .refine(confirmed, { message: msg.passwordMismatch, path: ['password_confirmation'] });

export const forgotPasswordSchema = z.object({ email: email('E-mail') });

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'Tautan atur ulang kata sandi tidak valid.' })
      .min(1, 'Tautan atur ulang kata sandi tidak valid.')
      .max(200),
    password: password('Kata sandi baru'),
    password_confirmation: z.string({ error: msg.required('Konfirmasi kata sandi') }),
  })
  .refine(confirmed, { message: msg.passwordMismatch, path: ['password_confirmation'] });

export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** A user as the API shows it. */
export interface ApiUser {
  id: number;
  name: string;
  email: string;
  role: (typeof ROLES)[number];
  roles: { name: (typeof ROLES)[number] }[];
  active: boolean;
  nik: string | null;
  kk_number: string | null;
  phone: string | null;
  birth_place: string | null;
  birth_date: string | null;
  gender: string | null;
  religion: string | null;
  marital_status: string | null;
  occupation: string | null;
  education: string | null;
  nationality: string | null;
  address: string | null;
  rt: string | null;
  rw: string | null;
  hamlet: string | null;
  created_at: string;
  updated_at: string;
}
