/** Choice lists of LETTERS.md ("Choice lists used by the profile and the forms"). Values are the labels. */
export const GENDERS = ['Laki-laki', 'Perempuan'] as const;
export const RELIGIONS = [
  'Islam',
  'Kristen',
  'Katolik',
  'Hindu',
  'Buddha',
  'Khonghucu',
  'Kepercayaan terhadap Tuhan YME',
] as const;
export const MARITAL_STATUSES = ['Belum Kawin', 'Kawin', 'Cerai Hidup', 'Cerai Mati'] as const;
export const EDUCATIONS = [
  'Tidak/Belum Sekolah',
  'SD/Sederajat',
  'SMP/Sederajat',
  'SMA/Sederajat',
  'D1–D3',
  'D4/S1',
  'S2',
  'S3',
] as const;
export const NATIONALITIES = ['WNI', 'WNA'] as const;

export type Gender = (typeof GENDERS)[number];
export type Religion = (typeof RELIGIONS)[number];
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export type Education = (typeof EDUCATIONS)[number];
export type Nationality = (typeof NATIONALITIES)[number];
