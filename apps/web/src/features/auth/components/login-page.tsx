import { loginSchema } from '@balai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Checkbox } from '../../../components/form/checkbox.tsx';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthPage } from './auth-page.tsx';

const FIELDS = ['email', 'password'] as const;

/**
 * /auth/login, with an e-mail address, the 16-digit NIK or a mobile number (residents without
 * e-mail). "Ingat
 * saya" remembers that identifier only; the password is left to the browser's
 * password manager through the autocomplete attributes (DESIGN section 6). Where the user goes
 * afterwards is the GuestOnly guard's job (returnTo, /admin or /).
 */
export function LoginPage() {
  usePageMeta('Masuk', 'Masuk ke akun warga untuk mengajukan dan memantau surat.');
  const { login, state } = useAuth();
  const [remember, setRemember] = useState(state.remember.email !== '');
  const form = useZodForm(loginSchema, {
    defaultValues: { email: state.remember.email, password: '' },
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login({ email: values.email, password: values.password, remember });
    } catch (error) {
      applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <AuthPage title="Masuk">
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          label="E-mail atau NIK"
          hint="Warga yang tidak punya e-mail masuk dengan NIK 16 digit sesuai KTP atau nomor HP."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Kata sandi"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Checkbox
          name="remember"
          label="Ingat saya"
          hint="Hanya e-mail atau NIK Anda yang diingat di perangkat ini, bukan kata sandinya."
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
        <Button type="submit" loading={isSubmitting} block className="xs:w-auto">
          Masuk
        </Button>
      </form>
      <p className="mt-6">
        <Link
          to={paths.auth.forgotPassword}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Lupa kata sandi?
        </Link>
      </p>
      <p className="mt-2 text-slate-700">
        Belum punya akun? Warga yang tercatat di buku induk desa dapat{' '}
        <Link
          to={paths.auth.activate}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Aktifkan akun
        </Link>{' '}
        sendiri dengan NIK, No. KK, dan tanggal lahir, atau meminta akun ke kantor desa.
      </p>
    </AuthPage>
  );
}
