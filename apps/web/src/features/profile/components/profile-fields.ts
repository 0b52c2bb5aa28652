import {
  APPLICANT_FIELDS,
  USER_LABELS,
  USER_SECTIONS,
  isIdentityField,
  userField,
  type ApiUser,
  type FieldDef,
  type UserField,
} from '@balai/domain';

// The profile's fields, groups, labels and choices come from the user field definitions in
// the domain (USER_FIELDS, USER_SECTIONS): typed once for the profile, the admin's user form
// and the letters' applicant block.

/** The editable profile fields, in the order the form and the summary show them. */
export const PROFILE_GROUPS = USER_SECTIONS;

export type ProfileField = UserField;

export const PROFILE_FIELDS: readonly ProfileField[] = PROFILE_GROUPS.flatMap((g) => g.fields);

/** The form's sections with each field's definition: the form is generated from these. */
export const PROFILE_SECTIONS: readonly { legend: string; fields: readonly FieldDef[] }[] =
  PROFILE_GROUPS.map((g) => ({ legend: g.legend, fields: g.fields.map(userField) }));

export const PROFILE_FIELD_DEFS: readonly FieldDef[] = PROFILE_SECTIONS.flatMap((s) => s.fields);

export const PROFILE_LABELS = USER_LABELS as Readonly<Record<ProfileField, string>>;

/** The biodata a letter needs about its applicant (its required fields): missing ones are pointed out. */
export const LETTER_ESSENTIALS: readonly ProfileField[] = APPLICANT_FIELDS.filter(
  (f) => f.required && f.name !== 'name',
).map((f) => f.name as ProfileField);

export function missingEssentials(profile: ApiUser): ProfileField[] {
  return LETTER_ESSENTIALS.filter((field) => {
    const value = profile[field];
    return value === null || value === undefined || value === '';
  });
}

/** True when the office has verified the identity: name, NIK, No. KK and birth data are locked. */
export function identityLocked(profile: Pick<ApiUser, 'identity_verified_at'>): boolean {
  return profile.identity_verified_at !== null && profile.identity_verified_at !== undefined;
}

/** A field the resident may no longer change themselves. */
export function isLockedField(profile: ApiUser, field: string): boolean {
  return identityLocked(profile) && isIdentityField(field);
}

/** How to get a verified field corrected. */
export const IDENTITY_CORRECTION =
  'Nama, NIK, No. KK, tempat dan tanggal lahir Anda sudah diverifikasi kantor desa sesuai KTP dan KK. Untuk memperbaikinya, datang ke kantor desa dengan membawa KTP dan KK.';
