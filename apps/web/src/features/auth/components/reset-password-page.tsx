import { resetPasswordSchema } from '@balai/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { PasswordHint } from '../../../components/form/password-hint.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthPage } from './auth-page.tsx';
import { resetPassword } from '../../../api/auth.ts';

const FIELDS = ['password', 'password_confirmation'] as const;
const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/** /auth/reset-password?token=…: the page the e-mailed link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);

  if (done) return <ResetDone />;
  if (!token) return <InvalidLink />;
  return <ResetForm token={token} onDone={() => setDone(true)} />;
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  usePageMeta('Buat kata sandi baru');
  const form = useZodForm(resetPasswordSchema, {
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(values);
      onDone();
    } catch (error) {
      applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <AuthPage title="Buat kata sandi baru" lead="Kata sandi baru minimal 8 karakter.">
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          label="Kata sandi baru"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordHint id="password-strength" password={form.watch('password')} />
        <TextInput
          label="Ulangi kata sandi baru"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" loading={isSubmitting}>
          Simpan kata sandi
        </Button>
      </form>
      <p className="mt-6">
        Tautannya kedaluwarsa?{' '}
        <Link to={paths.auth.forgotPassword} className={linkClass}>
          Minta tautan baru
        </Link>
      </p>
    </AuthPage>
  );
}

function ResetDone() {
  usePageMeta('Kata sandi berhasil diubah');
  const headingRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <AuthPage title="Kata sandi berhasil diubah">
      <div
        ref={headingRef}
        tabIndex={-1}
        role="status"
        className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-lg text-brand-900"
      >
        Kata sandi Anda sudah diganti. Silakan masuk dengan kata sandi baru.
      </div>
      <p className="mt-6">
        <Button href={paths.auth.login()}>Masuk</Button>
      </p>
    </AuthPage>
  );
}

function InvalidLink() {
  usePageMeta('Tautan tidak valid');
  return (
    <AuthPage title="Tautan tidak valid">
      <p className="text-lg text-slate-800">
        Tautan untuk membuat kata sandi baru tidak lengkap. Buka lagi tautan dari e-mail Anda, atau
        minta tautan baru.
      </p>
      <p className="mt-6">
        <Link to={paths.auth.forgotPassword} className={linkClass}>
          Minta tautan baru
        </Link>
      </p>
    </AuthPage>
  );
}
