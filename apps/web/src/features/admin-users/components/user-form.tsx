import {
  mayHoldPosition,
  type Role,
  POSITION_LABELS,
  ROLE_LABELS,
  USER_SECTIONS,
  userCreateSchema,
  userField,
  userUpdateSchema,
  type ApiUser,
  type FieldDef,
  type FieldValues,
  type Position,
} from '@balai/domain';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { FieldValues as FormValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Checkbox } from '../../../components/form/checkbox.tsx';
import {
  DefinitionField,
  hintOf,
  type RawValues,
} from '../../../components/form/definition-field.tsx';
import { toRawValues } from '../../../components/form/definition-form.tsx';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { PasswordHint } from '../../../components/form/password-hint.tsx';
import { Select } from '../../../components/form/select.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The account's access: set by the office only, never by the resident's own profile. Position
 * and NIP (issue 15) only mean something for an administrator: shown and sent for one only.
 */
const ACCESS_FIELDS = ['role', 'position', 'nip', 'active', 'password'] as const;
const ADMIN_ONLY_FIELDS: readonly string[] = ['position', 'nip'];

/** The options of a select whose stored value is a code, by their labels. */
const OPTION_LABELS: Record<string, Record<string, string>> = {
  role: ROLE_LABELS,
  position: POSITION_LABELS satisfies Record<Position, string>,
};

/** A resident has no position or NIP; an empty position leaves the server's (Operator/Staf). */
function adminOnly(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const { position, nip, ...rest } = v as Record<string, unknown>;
  if (!mayHoldPosition(rest.role as Role)) return rest;
  return {
    ...rest,
    ...(position === '' || position === undefined ? {} : { position }),
    ...(nip === undefined ? {} : { nip }),
  };
}

/** The form's sections: the domain's (Akun, Data diri, Kontak dan alamat), then access. */
export function userFormSections(editing: boolean): { legend: string; fields: FieldDef[] }[] {
  const access = ACCESS_FIELDS.map((name) => {
    const f = userField(name);
    // A new account needs a password; on an existing one an empty box keeps the old one.
    if (name !== 'password') return f;
    return editing
      ? {
          ...f,
          label: 'Kata sandi baru',
          hint: 'Minimal 8 karakter. Kosongkan jika tidak diganti.',
        }
      : { ...f, required: true, hint: 'Minimal 8 karakter. Sampaikan kepada pemilik akun.' };
  });
  return [
    ...USER_SECTIONS.map((s) => ({ legend: s.legend, fields: s.fields.map(userField) })),
    { legend: 'Akses', fields: access },
  ];
}

/** On edit an empty password means "keep the old one": it is left out of the request. */
const updateSchema = z.preprocess((v) => {
  if (typeof v !== 'object' || v === null) return v;
  const { password, ...rest } = adminOnly(v) as Record<string, unknown>;
  return password === '' || password === undefined ? rest : { ...rest, password };
}, userUpdateSchema);

const createSchema = z.preprocess(adminOnly, userCreateSchema);

/** The identity a verified resident can no longer change themselves (USER_IDENTITY_FIELDS). */
export const IDENTITY_MEANING =
  'Setelah terverifikasi, warga tidak dapat lagi mengubah sendiri nama, NIK, No. KK, tempat dan tanggal lahir di profilnya; perbaikan dilakukan oleh kantor desa.';

export interface UserFormProps {
  /** The account being edited; none for a new one. */
  user?: ApiUser;
  onSubmit: (values: FieldValues) => Promise<void>;
  onDirtyChange: (dirty: boolean) => void;
  /** Who verified the identity and when, shown beside the "Identitas terverifikasi" box. */
  verification?: ReactNode;
  secondary?: ReactNode;
}

/**
 * The admin's user form, generated from the domain's user field definitions (USER_SECTIONS,
 * USER_ADMIN_FIELDS), each section under its heading; validated with the schema the server
 * uses; a 422's messages land on their fields and the API's refusals in the error summary.
 */
export function UserForm({
  user,
  onSubmit,
  onDirtyChange,
  verification,
  secondary,
}: UserFormProps) {
  const editing = user !== undefined;
  const sections = userFormSections(editing);
  const fields = sections.flatMap((s) => s.fields);
  const names = [...fields.map((f) => f.name), 'identity_verified'];
  const defaults: RawValues = {
    ...toRawValues(
      fields,
      user
        ? (user as unknown as Record<string, unknown>)
        : Object.fromEntries(fields.map((f) => [f.name, f.default ?? null])),
    ),
    password: '',
    ...(editing ? { identity_verified: user.identity_verified_at != null } : {}),
  };
  const schema = editing ? updateSchema : createSchema;
  const form = useZodForm(schema as unknown as z.ZodType<FormValues, FormValues>, {
    defaultValues: defaults,
  }) as unknown as UseFormReturn<RawValues, unknown, FieldValues>;
  const { errors, submitCount, isSubmitting, isDirty } = form.formState;

  const dirtyChanged = useRef(onDirtyChange);
  useLayoutEffect(() => {
    dirtyChanged.current = onDirtyChange;
  });
  useEffect(() => dirtyChanged.current(isDirty), [isDirty]);

  const messageOf = (name: string) => {
    const m = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof m === 'string' ? m : undefined;
  };

  const save = async (values: FieldValues) => {
    try {
      await onSubmit(values);
      form.reset(form.getValues());
    } catch (error) {
      applyServerErrors(form.setError, error, names);
    }
  };

  const isAdmin = mayHoldPosition(form.watch('role') as Role);
  const control = (f: FieldDef) => {
    const error = messageOf(f.name);
    if (ADMIN_ONLY_FIELDS.includes(f.name) && !isAdmin) return null;
    const labels = OPTION_LABELS[f.name];
    if (labels) {
      return (
        <Select
          key={f.name}
          label={f.label}
          hint={f.hint}
          error={error}
          optional={!f.required}
          options={(f.options ?? []).map((value) => ({
            value,
            label: labels[value] ?? value,
          }))}
          {...form.register(f.name)}
        />
      );
    }
    if (f.secret) {
      const typed = form.watch(f.name);
      const text = (name: string) => {
        const v = form.watch(name);
        return typeof v === 'string' ? v : null;
      };
      return (
        <div key={f.name}>
          <TextInput
            label={f.label}
            hint={hintOf(f)}
            error={error}
            optional={!f.required}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            width="20"
            {...form.register(f.name)}
          />
          {/* Judged by the account's data as typed in this form (issue 25.5). */}
          <PasswordHint
            id={`${f.name}-strength`}
            password={typeof typed === 'string' ? typed : ''}
            owner={{
              name: text('name'),
              email: text('email'),
              nik: text('nik'),
              kk_number: text('kk_number'),
              birth_date: text('birth_date'),
            }}
          />
        </div>
      );
    }
    return (
      <DefinitionField
        key={f.name}
        field={f}
        register={form.register}
        control={form.control}
        error={error}
      />
    );
  };

  const identity = userField('identity_verified');
  return (
    <>
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
        {sections.map((section) => (
          <fieldset key={section.legend} className="mb-4">
            <legend className="mb-4 text-xl font-bold text-slate-900">{section.legend}</legend>
            {section.fields.map(control)}
          </fieldset>
        ))}
        {editing && (
          <fieldset className="mb-6 rounded-md border-2 border-slate-300 p-4">
            <legend className="px-1 text-xl font-bold text-slate-900">Verifikasi identitas</legend>
            <div className="mb-3 text-slate-800">{verification}</div>
            <p className="mb-4 text-slate-700">{IDENTITY_MEANING}</p>
            <Checkbox
              label={identity.label}
              hint={identity.hint}
              {...form.register('identity_verified')}
            />
          </fieldset>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={isSubmitting}>
            {editing ? 'Simpan' : 'Buat'}
          </Button>
          {secondary}
        </div>
      </form>
    </>
  );
}
