import { forgotPasswordWhatsappSchema } from '@balai/domain/contract';
import { useState } from 'react';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { requestWhatsappReset } from '../../../api/notices.ts';

/**
 * The reset link over WhatsApp (issue 22): for a resident without e-mail, by NIK or by the
 * number confirmed in the profile. The server answers the same whether or not an account was
 * found, so the page shows that answer as it is.
 */
export function ForgotPasswordWhatsapp() {
  const form = useZodForm(forgotPasswordWhatsappSchema, { defaultValues: { identifier: '' } });
  const { errors, isSubmitting } = form.formState;
  const [answer, setAnswer] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setAnswer(null);
    try {
      const { message } = await requestWhatsappReset(values.identifier);
      setAnswer(message);
    } catch (error) {
      applyServerErrors(form.setError, error, ['identifier']);
    }
  });

  return (
    <section aria-labelledby="reset-whatsapp" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="reset-whatsapp" className="text-lg font-semibold text-slate-900">
        Lewat WhatsApp
      </h2>
      <p className="mt-1 text-slate-700">
        Masukkan NIK Anda atau nomor WhatsApp yang sudah dikonfirmasi. Tautan dikirim ke WhatsApp
        itu.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4">
        <TextInput
          label="NIK atau nomor WhatsApp"
          inputMode="numeric"
          autoComplete="username"
          spellCheck={false}
          error={errors.identifier?.message}
          {...form.register('identifier')}
        />
        <Button type="submit" variant="outlined" loading={isSubmitting}>
          Kirim lewat WhatsApp
        </Button>
      </form>
      <p role="status" className="mt-4 text-slate-800">
        {answer}
      </p>
    </section>
  );
}
