import { formatDateId, profileUpdateSchema, type ApiUser, type FieldDef } from '@balai/domain';
import type { ReactNode } from 'react';
import type { FieldValues as FormValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { updateProfile } from '../../../api/profile.ts';
import { DefinitionField, type RawValues } from '../../../components/form/definition-field.tsx';
import { toRawValues } from '../../../components/form/definition-form.tsx';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  IDENTITY_CORRECTION,
  PROFILE_FIELD_DEFS,
  PROFILE_FIELDS,
  PROFILE_SECTIONS,
  identityLocked,
  isLockedField,
} from './profile-fields.ts';
import { VerifiedTag } from './verified-tag.tsx';

/**
 * The purpose of the inputs that are about the resident themself (WCAG 1.3.5), so the browser
 * may fill them in; the admin's user form, about someone else, sets none.
 */
const AUTOCOMPLETE: Readonly<Record<string, string>> = {
  name: 'name',
  email: 'email',
  birth_date: 'bday',
  address: 'street-address',
};

export interface ProfileFormProps {
  profile: ApiUser;
  /** `nikChange`: the office checks a new NIK first; what to tell the resident (issue 18.9). */
  onSaved: (profile: ApiUser, nikChange: string | null) => void;
  onCancel: () => void;
}

/**
 * Edits the user's own biodata: generated from the user field definitions (USER_SECTIONS) like
 * the admin's user form, validated with the profile schema the server uses. Identity fields the
 * office verified are shown as text, not as inputs (issue 25), and sent back unchanged.
 */
export function ProfileForm({ profile, onSaved, onCancel }: ProfileFormProps) {
  const form = useZodForm(profileUpdateSchema as unknown as z.ZodType<FormValues, FormValues>, {
    defaultValues: toRawValues(PROFILE_FIELD_DEFS, profile as unknown as Record<string, unknown>),
  }) as unknown as UseFormReturn<RawValues, unknown, z.output<typeof profileUpdateSchema>>;
  const { errors, submitCount, isSubmitting } = form.formState;
  const messageOf = (name: string) => {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  // A new e-mail needs the current password (the server refuses it without).
  const emailChanged =
    String(form.watch('email') ?? '')
      .trim()
      .toLowerCase() !== profile.email;

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

  const control = (f: FieldDef) =>
    isLockedField(profile, f.name) ? (
      <LockedField
        key={f.name}
        field={f}
        value={profile[f.name as keyof ApiUser]}
        error={messageOf(f.name)}
        hidden={<input type="hidden" {...form.register(f.name)} />}
      />
    ) : (
      <DefinitionField
        key={f.name}
        field={f}
        register={form.register}
        control={form.control}
        error={messageOf(f.name)}
        autoComplete={AUTOCOMPLETE[f.name]}
      />
    );

  return (
    <>
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      {identityLocked(profile) && (
        <div className="mb-6 rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-900">
          <p className="font-semibold">Identitas Anda sudah diverifikasi kantor desa.</p>
          <p className="mt-1">{IDENTITY_CORRECTION}</p>
        </div>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {PROFILE_SECTIONS.map((section) => (
          <fieldset key={section.legend} className="mb-4">
            <legend className="mb-4 text-xl font-bold text-slate-900">{section.legend}</legend>
            {section.fields.map(control)}
          </fieldset>
        ))}
        {emailChanged && (
          <TextInput
            label="Kata sandi saat ini"
            hint="Untuk mengganti alamat e-mail. Alamat lama akan diberi tahu."
            type="password"
            autoComplete="current-password"
            error={messageOf('current_password')}
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

/**
 * A verified identity field: shown as text, not as a box that looks editable (issue 25); sent
 * back unchanged with the rest through the hidden input (the server refuses any other value).
 */
function LockedField({
  field,
  value,
  error,
  hidden,
}: {
  field: FieldDef;
  value: unknown;
  error: string | undefined;
  hidden: ReactNode;
}) {
  return (
    <div id={field.name} tabIndex={-1} data-locked-field={field.name} className="mb-6">
      <p className="font-semibold text-slate-900">
        {field.label}
        <VerifiedTag />
      </p>
      <p className="mt-1 text-lg break-words text-slate-900">
        {value == null || value === ''
          ? '–'
          : field.kind === 'date'
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
      {hidden}
    </div>
  );
}
