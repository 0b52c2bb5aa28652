import {
  BIODATA_LABELS,
  EDUCATIONS,
  GENDERS,
  MARITAL_STATUSES,
  NATIONALITIES,
  RELIGIONS,
  type ApiUser,
} from '@balai/domain';

/** The editable profile fields, in the order the form and the summary show them. */
export const PROFILE_GROUPS = [
  { legend: 'Akun', fields: ['name', 'email'] },
  {
    legend: 'Data diri',
    fields: [
      'nik',
      'kk_number',
      'birth_place',
      'birth_date',
      'gender',
      'religion',
      'marital_status',
      'occupation',
      'education',
      'nationality',
    ],
  },
  { legend: 'Kontak dan alamat', fields: ['phone', 'address', 'rt', 'rw', 'hamlet'] },
] as const;

export type ProfileField = (typeof PROFILE_GROUPS)[number]['fields'][number];

export const PROFILE_FIELDS: readonly ProfileField[] = PROFILE_GROUPS.flatMap((g) => g.fields);

export const PROFILE_LABELS: Record<ProfileField, string> = {
  name: 'Nama lengkap',
  email: 'E-mail',
  ...BIODATA_LABELS,
};

/** The choice fields and their lists, shown as selects. */
export const PROFILE_CHOICES: Partial<Record<ProfileField, readonly string[]>> = {
  gender: GENDERS,
  religion: RELIGIONS,
  marital_status: MARITAL_STATUSES,
  education: EDUCATIONS,
  nationality: NATIONALITIES,
};

/** The biodata a letter needs about its applicant: missing ones are pointed out. */
export const LETTER_ESSENTIALS: readonly ProfileField[] = [
  'nik',
  'kk_number',
  'birth_place',
  'birth_date',
  'gender',
  'religion',
  'marital_status',
  'occupation',
  'nationality',
  'address',
];

export function missingEssentials(profile: ApiUser): ProfileField[] {
  return LETTER_ESSENTIALS.filter((field) => {
    const value = profile[field];
    return value === null || value === undefined || value === '';
  });
}
