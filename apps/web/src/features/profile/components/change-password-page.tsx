import { passwordChangeSchema } from '@balai/domain';
import { useEffect, useRef, useState } from 'react';
import { FormErrorSummary } from '../../../components/form/form-error-summary.tsx';
import { PasswordHint } from '../../../components/form/password-hint.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { changePassword } from '../../../api/profile.ts';
import { ProfileShell } from './profile-shell.tsx';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** /profile/change-password: the user stays signed in here; other devices are signed out. */
export function ChangePasswordPage() {
  usePageMeta('Ubah kata sandi');
  const { user } = useAuth();
  const [saved, setSaved] = useState(0);
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useZodForm(passwordChangeSchema, { defaultValues: EMPTY });
  const { errors, submitCount, isSubmitting } = form.formState;

  useEffect(() => {
    if (saved > 0) bannerRef.current?.focus();
  }, [saved]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword(values);
      form.reset(EMPTY);
      setSaved((n) => n + 1);
    } catch (error) {
      setSaved(0);
      applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <ProfileShell title="Ubah kata sandi">
      {saved > 0 && (
        <div
          ref={bannerRef}
          tabIndex={-1}
          role="status"
          className="mb-6 rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-brand-900"
        >
          <p className="font-semibold">Kata sandi berhasil diubah.</p>
          <p className="mt-1">Anda tetap masuk di perangkat ini.</p>
        </div>
      )}
      <div className="max-w-xl">
        <FormErrorSummary errors={errors} submitCount={submitCount} />
        <form noValidate onSubmit={onSubmit}>
          <TextInput
            label="Kata sandi saat ini"
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...form.register('current_password')}
          />
          <TextInput
            label="Kata sandi baru"
            hint="Minimal 8 karakter."
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordHint
            id="password-strength"
            password={form.watch('password')}
            owner={user ? { name: user.name, email: user.email } : {}}
          />
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
      </div>
    </ProfileShell>
  );
}
