import { forgotPasswordSchema } from '@balai/domain';
import { Link, useNavigate } from 'react-router';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthPage } from './auth-page.tsx';
import { ForgotPasswordWhatsapp } from './forgot-password-whatsapp.tsx';
import { requestPasswordReset } from '../../../api/auth.ts';

/** /auth/forgot-password: ask for a reset link by e-mail. */
export function ForgotPasswordPage() {
  usePageMeta('Lupa kata sandi', 'Minta tautan untuk mengatur ulang kata sandi akun Anda.');
  const navigate = useNavigate();
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const { errors, submitCount, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values);
      await navigate(paths.auth.forgotPasswordEmail, { state: { email: values.email } });
    } catch (error) {
      applyServerErrors(form.setError, error, ['email']);
    }
  });

  return (
    <AuthPage
      title="Lupa kata sandi"
      lead="Masukkan e-mail akun Anda. Kami akan mengirim tautan untuk membuat kata sandi baru."
    >
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" loading={isSubmitting}>
          Kirim tautan
        </Button>
      </form>
      <p className="mt-6 text-slate-700">
        Tidak punya e-mail, atau masuk dengan NIK? Pakai WhatsApp di bawah bila nomor Anda sudah
        dikonfirmasi di profil. Datanglah ke kantor desa dengan membawa KTP bila tidak ada pesan
        yang datang; petugas akan memberi Anda kode aktivasi baru untuk membuat kata sandi baru.
      </p>
      <ForgotPasswordWhatsapp />
      <p className="mt-4">
        <Link
          to={paths.auth.login()}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Kembali ke halaman masuk
        </Link>
      </p>
    </AuthPage>
  );
}
