import { formatDateId, profileUpdateSchema, type ApiUser } from '@balai/domain';
import type { InputHTMLAttributes } from 'react';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { Select } from '../../../components/form/select.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput, type INPUT_WIDTHS } from '../../../components/form/text-input.tsx';
import { Textarea } from '../../../components/form/textarea.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { updateProfile } from '../api/update-profile.ts';
import {
  IDENTITY_CORRECTION,
  PROFILE_CHOICES,
  PROFILE_FIELDS,
  PROFILE_GROUPS,
  PROFILE_LABELS,
  PROFILE_REQUIRED,
  identityLocked,
  isLockedField,
  type ProfileField,
} from './profile-fields.ts';
import { VerifiedTag } from './verified-tag.tsx';

type InputSetup = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'spellCheck'
> & { width?: keyof typeof INPUT_WIDTHS; hint?: string };

/** How each text field is typed in; the choice fields are selects and the address a textarea. */
const INPUTS: Partial<Record<ProfileField, InputSetup>> = {
  name: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', spellCheck: false },
  nik: { inputMode: 'numeric', width: '20', maxLength: 16, hint: '16 digit, sesuai KTP.' },
  kk_number: {
    inputMode: 'numeric',
    width: '20',
    maxLength: 16,
    hint: '16 digit, sesuai Kartu Keluarga.',
  },
  birth_place: { width: '20' },
  birth_date: { type: 'date', width: '20', autoComplete: 'bday' },
  occupation: {},
  phone: { type: 'tel', autoComplete: 'tel', width: '20', hint: 'Contoh: 081234567890' },
  rt: { inputMode: 'numeric', width: '5', maxLength: 3 },
  rw: { inputMode: 'numeric', width: '5', maxLength: 3 },
  hamlet: { width: '20' },
};

function toFormValues(profile: ApiUser): Record<ProfileField, string> {
  return Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field, profile[field] == null ? '' : String(profile[field])]),
  ) as Record<ProfileField, string>;
}

export interface ProfileFormProps {
  profile: ApiUser;
  /** `nikChange`: the office checks a new NIK first; what to tell the resident (issue 18.9). */
  onSaved: (profile: ApiUser, nikChange: string | null) => void;
  onCancel: () => void;
}

/** Edits the user's own biodata with the shared profile schema. */
export function ProfileForm({ profile, onSaved, onCancel }: ProfileFormProps) {
  const form = useZodForm(profileUpdateSchema, { defaultValues: toFormValues(profile) });
  const { errors, submitCount, isSubmitting } = form.formState;
  const messageOf = (field: ProfileField) => {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[field]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  // A new e-mail needs the current password (the server refuses it without).
  const emailChanged =
    String(form.watch('email') ?? '')
      .trim()
      .toLowerCase() !== profile.email;
  const passwordError = (errors as Record<string, { message?: unknown } | undefined>)
    .current_password?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const { current_password: currentPassword, ...rest } = values;
    try {
      const saved = await updateProfile(
        emailChanged ? { ...rest, current_password: currentPassword ?? '' } : rest,
      );
      onSaved(saved.user, saved.nikChange);
    } catch (error) {
      applyServerErrors(form.setError, error, [...PROFILE_FIELDS, 'current_password']);
    }
  });

  return (
    <>
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      {identityLocked(profile) && (
        <div className="mb-6 rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">Identitas Anda sudah diverifikasi kantor desa.</p>
          <p className="mt-1">{IDENTITY_CORRECTION}</p>
        </div>
      )}
      <form noValidate onSubmit={onSubmit}>
        {PROFILE_GROUPS.map((group) => (
          <fieldset key={group.legend} className="mb-4">
            <legend className="mb-4 text-xl font-bold text-slate-900">{group.legend}</legend>
            {group.fields.map((field) => {
              const label = PROFILE_LABELS[field];
              const optional = !PROFILE_REQUIRED.includes(field);
              const error = messageOf(field);
              const choices = PROFILE_CHOICES[field];
              if (choices) {
                return (
                  <Select
                    key={field}
                    label={label}
                    options={choices}
                    optional={optional}
                    error={error}
                    {...form.register(field)}
                  />
                );
              }
              if (field === 'address') {
                return (
                  <Textarea
                    key={field}
                    label={label}
                    hint="Nama jalan, nomor rumah, atau nama kampung."
                    rows={3}
                    autoComplete="street-address"
                    optional={optional}
                    error={error}
                    {...form.register(field)}
                  />
                );
              }
              const { hint, width, ...input } = INPUTS[field] ?? {};
              if (isLockedField(profile, field)) {
                // Shown as text, not as a box that looks editable (issue 25); sent back
                // unchanged with the rest through the hidden input (the server refuses any
                // other value).
                const value = profile[field];
                return (
                  <div
                    key={field}
                    id={field}
                    tabIndex={-1}
                    data-locked-field={field}
                    className="mb-6"
                  >
                    <p className="font-semibold text-slate-900">
                      {label}
                      <VerifiedTag />
                    </p>
                    <p className="mt-1 text-lg break-words text-slate-900">
                      {value == null || value === ''
                        ? '–'
                        : field === 'birth_date'
                          ? formatDateId(String(value))
                          : String(value)}
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      Sudah diverifikasi kantor desa; tidak dapat diubah sendiri.
                    </p>
                    {error && (
                      <p className="mt-1 font-semibold text-red-700">
                        <span className="sr-only">Kesalahan: </span>
                        {error}
                      </p>
                    )}
                    <input type="hidden" {...form.register(field)} />
                  </div>
                );
              }
              return (
                <TextInput
                  key={field}
                  label={label}
                  hint={hint}
                  width={width}
                  optional={optional}
                  error={error}
                  {...input}
                  {...form.register(field)}
                />
              );
            })}
          </fieldset>
        ))}
        {emailChanged && (
          <TextInput
            label="Kata sandi saat ini"
            hint="Untuk mengganti alamat e-mail. Alamat lama akan diberi tahu."
            type="password"
            autoComplete="current-password"
            error={typeof passwordError === 'string' ? passwordError : undefined}
            {...form.register('current_password')}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={isSubmitting}>
            Simpan profil
          </Button>
          <Button variant="outlined" onClick={onCancel} disabled={isSubmitting}>
            Batal
          </Button>
        </div>
      </form>
    </>
  );
}
