import { field, type FieldDef } from '../field-defs.ts';
import { userField } from '../user-fields.ts';
import {
  BLOOD_TYPE_CODES,
  CITIZENSHIP_CODES,
  EDUCATION_CODES,
  labelsOf,
  OCCUPATION_CODES,
  RELATIONSHIP_CODES,
  type CodeList,
} from './codes.ts';

// A person of the register, described as field definitions (zod-free). The biodata a user
// account also has are the users' own definitions (`userField`), not restated; where the register
// follows a national code list the users' free text or shorter list does not (education,
// occupation, citizenship), the field keeps the users' name and label and takes the national list
// as its options. The register's own fields (the relationship in the family, the parents, the
// blood type) are defined here.

/** A users' field with the options of a national code list (same name, same label). */
function coded(name: string, list: CodeList, required = false): FieldDef {
  const f = userField(name);
  return field.select(f.name, f.label, { options: labelsOf(list), required });
}

const required = (f: FieldDef): FieldDef => ({ ...f, required: true });

/** The person fields' names, in form order (PERSON_FIELDS has exactly these; fields.test). */
export const PERSON_FIELD_NAMES = [
  'name',
  'nik',
  'gender',
  'birth_place',
  'birth_date',
  'religion',
  'education',
  'occupation',
  'marital_status',
  'relationship',
  'nationality',
  'father_name',
  'mother_name',
  'blood_type',
  'address',
] as const;
export type PersonFieldName = (typeof PERSON_FIELD_NAMES)[number];
export const AREA_FIELD_NAMES = ['hamlet', 'rw', 'rt'] as const;

export const PERSON_FIELDS: readonly FieldDef[] = [
  userField('name'),
  required(userField('nik')),
  required(userField('gender')),
  userField('birth_place'),
  userField('birth_date'),
  userField('religion'),
  coded('education', EDUCATION_CODES),
  coded('occupation', OCCUPATION_CODES),
  userField('marital_status'),
  field.select('relationship', 'Hubungan dalam keluarga', {
    options: labelsOf(RELATIONSHIP_CODES),
    hint: 'Status hubungan dalam keluarga (SHDK), sesuai Kartu Keluarga.',
  }),
  coded('nationality', CITIZENSHIP_CODES),
  field.text('father_name', 'Nama ayah', { maxLength: 100 }),
  field.text('mother_name', 'Nama ibu', { maxLength: 100 }),
  field.select('blood_type', 'Golongan darah', { options: labelsOf(BLOOD_TYPE_CODES) }),
  userField('address'),
];

/** The family card's own fields: its number (the users' No. KK) and its address. */
export const FAMILY_FIELDS: readonly FieldDef[] = [
  required(userField('kk_number')),
  userField('address'),
];

/** The place fields every person and family has: dusun, RW, RT (the users' labels). */
export const AREA_FIELDS: readonly FieldDef[] = [
  userField('hamlet'),
  userField('rw'),
  userField('rt'),
];

export const PERSON_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  [...PERSON_FIELDS, ...FAMILY_FIELDS, ...AREA_FIELDS].map((f) => [f.name, f.label]),
);
