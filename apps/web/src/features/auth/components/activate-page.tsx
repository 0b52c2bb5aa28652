import { activationSchema, codeActivationSchema } from '@balai/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { activateAccount, activateWithCode } from '../../../api/accounts.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthPage } from './auth-page.tsx';

type CredentialField = 'phone' | 'email' | 'password' | 'password_confirmation';

/**
 * How the account will be reached and its password: the same four fields whether the resident
 * activates with the register's data or with the office's code.
 */
function CredentialFields({
  register,
  errors,
  passwordLabel,
}: {
  register: (name: CredentialField) => UseFormRegisterReturn;
  errors: Partial<Record<CredentialField, { message?: string }>>;
  passwordLabel: string;
}) {
  return (
    <>
      <TextInput
        label="Nomor HP"
        hint="Untuk masuk tanpa e-mail. Contoh: 081234567890."
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        width="20"
        optional
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextInput
        label="E-mail"
        hint="Isi nomor HP, e-mail, atau keduanya."
        type="email"
        autoComplete="email"
        spellCheck={false}
        optional
        error={errors.email?.message}
        {...register('email')}
      />
      <TextInput
        label={passwordLabel}
        hint="Minimal 8 karakter; jangan memakai NIK, tanggal lahir, atau nama Anda."
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextInput
        label="Ulangi kata sandi"
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
    </>
  );
}

const FIELDS = [
  'nik',
  'kk_number',
  'birth_date',
  'phone',
  'email',
  'password',
  'password_confirmation',
] as const;

const link = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * /auth/activate (issue 21): a resident of the register makes their own account with the NIK,
 * No. KK and birth date of their KK, a phone number or e-mail, and a password; then they are
 * signed in (GuestOnly sends them on). The account is "cocok dengan buku induk" until the
 * office checks the KTP.
 */
export function ActivatePage() {
  usePageMeta('Aktifkan akun', 'Aktifkan akun warga dengan data dari Kartu Keluarga.');
  const location = useLocation();
  // The slip's QR code opens /auth/activate?code=…: straight to the code form, filled in.
  const slipCode = new URLSearchParams(location.search).get('code') ?? '';
  const [withCode, setWithCode] = useState(slipCode !== '');
  if (withCode) return <CodeActivation initialCode={slipCode} onBack={() => setWithCode(false)} />;
  return <RegisterActivation onCode={() => setWithCode(true)} />;
}

function RegisterActivation({ onCode }: { onCode: () => void }) {
  const { login } = useAuth();
  const form = useZodForm(activationSchema, {
    defaultValues: {
      nik: '',
      kk_number: '',
      birth_date: '',
      phone: '',
      email: '',
      password: '',
      password_confirmation: '',
    },
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await activateAccount(values);
      // One sign-in path for every account: the device and address become known-good.
      await login({ email: values.nik, password: values.password, remember: false });
    } catch (error) {
      applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <AuthPage
      title="Aktifkan akun"
      lead="Untuk warga yang sudah tercatat di buku induk desa. Siapkan Kartu Keluarga (KK) Anda."
    >
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          label="NIK"
          hint="16 digit, sesuai KTP atau KK."
          inputMode="numeric"
          autoComplete="off"
          width="20"
          error={errors.nik?.message}
          {...form.register('nik')}
        />
        <TextInput
          label="No. KK"
          hint="16 digit nomor Kartu Keluarga."
          inputMode="numeric"
          autoComplete="off"
          width="20"
          error={errors.kk_number?.message}
          {...form.register('kk_number')}
        />
        <TextInput
          label="Tanggal lahir"
          type="date"
          width="20"
          error={errors.birth_date?.message}
          {...form.register('birth_date')}
        />
        <CredentialFields register={form.register} errors={errors} passwordLabel="Kata sandi" />
        <Button type="submit" loading={isSubmitting} block className="xs:w-auto">
          Aktifkan akun
        </Button>
      </form>
      <p className="mt-6 text-slate-700">
        Setelah aktif, Anda masuk dengan NIK atau nomor HP dan kata sandi. Akun ditandai cocok
        dengan buku induk; bawa KTP ke kantor desa agar petugas memverifikasinya.
      </p>
      <h2 className="mt-8 text-lg font-bold text-slate-900">Punya kode aktivasi?</h2>
      <p className="mt-1 text-slate-700">
        Kantor desa dapat memberi slip berisi kode aktivasi setelah memeriksa KTP Anda.
      </p>
      <Button variant="outlined" className="mt-3" onClick={onCode}>
        Aktifkan dengan kode
      </Button>
      <p className="mt-6">
        <Link to={paths.auth.login()} className={link}>
          Sudah punya akun? Masuk
        </Link>
      </p>
    </AuthPage>
  );
}

const CODE_FIELDS = ['code', 'phone', 'email', 'password', 'password_confirmation'] as const;

/**
 * The second way (issue 21.2, ADR 0029): the code from the office's slip opens the account,
 * already verified; for a resident who has an account it sets a new password (a forgotten one).
 * Then the resident signs in with the new password through the ordinary login, by NIK.
 */
function CodeActivation({ initialCode, onBack }: { initialCode: string; onBack: () => void }) {
  const { login } = useAuth();
  const form = useZodForm(codeActivationSchema, {
    defaultValues: {
      code: initialCode,
      phone: '',
      email: '',
      password: '',
      password_confirmation: '',
    },
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await activateWithCode(values);
      const nik = answer.data.user.nik;
      await login({
        email: nik ?? values.phone ?? values.email ?? '',
        password: values.password,
        remember: false,
      });
    } catch (error) {
      applyServerErrors(form.setError, error, CODE_FIELDS);
    }
  });

  return (
    <AuthPage
      title="Aktifkan dengan kode"
      lead="Ketik kode aktivasi dari slip kantor desa. Kode hanya dapat dipakai satu kali."
    >
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          label="Kode aktivasi"
          hint="10 huruf dan angka, contoh: 7KQ4M-X9PWD."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          width="20"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <CredentialFields
          register={form.register}
          errors={errors}
          passwordLabel="Kata sandi baru"
        />
        <Button type="submit" loading={isSubmitting} block className="xs:w-auto">
          Aktifkan akun
        </Button>
      </form>
      <p className="mt-6 text-slate-700">
        Jika Anda sudah punya akun, kode ini mengganti kata sandinya. Setelah itu masuk dengan NIK
        atau nomor HP dan kata sandi baru.
      </p>
      <p className="mt-4">
        <button type="button" className={link} onClick={onBack}>
          Tidak punya kode? Aktifkan dengan data KK
        </button>
      </p>
    </AuthPage>
  );
}
