import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextInput } from '../form/text-input.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { errorMessage, fieldErrors, httpStatus } from '../../lib/http-client.ts';

/** The Kepala Desa's password or PIN, sent as `confirmation` (ADR 0020). */
export type HeadConfirmation = { password: string } | { pin: string };

export interface ConfirmHeadDialogProps {
  open: boolean;
  /** What is about to change, as the dialog's heading. */
  title: ReactNode;
  description: ReactNode;
  /** The account has a signing PIN: ask for it first (the password stays possible). */
  hasPin: boolean;
  /** Saves with the confirmation; throws the server's error (a wrong one is a 422 on the field). */
  onConfirm: (confirmation: HeadConfirmation) => Promise<void>;
  onClose: () => void;
  confirmLabel?: string;
}

/**
 * The Kepala Desa confirms a change of who signs, the away dates, the approvals or a signer's
 * account with their own password or PIN (issue 18, docs/signing.md). A wrong one is said on
 * the field, which is emptied and focused; any other failure (403, 429, …) in the dialog in the
 * server's words.
 */
export function ConfirmHeadDialog({
  open,
  title,
  description,
  hasPin,
  onConfirm,
  onClose,
  confirmLabel = 'Simpan perubahan',
}: ConfirmHeadDialogProps) {
  const [method, setMethod] = useState<'pin' | 'password'>(hasPin ? 'pin' : 'password');
  const [secret, setSecret] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setFieldError(message);
    setSecret('');
    inputRef.current?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setFailure(null);
    const value = method === 'pin' ? secret.trim() : secret;
    if (value === '') {
      return refuse(method === 'pin' ? 'Masukkan PIN Anda.' : 'Masukkan kata sandi Anda.');
    }
    if (method === 'pin' && !/^\d{6}$/.test(value)) return refuse('PIN harus 6 digit angka.');
    setBusy(true);
    try {
      await onConfirm(method === 'pin' ? { pin: value } : { password: value });
      setSecret('');
    } catch (e) {
      const onField = fieldErrors(e)?.[`confirmation.${method}`]?.[0];
      if (httpStatus(e) === 422 && onField) refuse(onField);
      else setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const switchTo = (next: 'pin' | 'password') => {
    setMethod(next);
    setSecret('');
    setFieldError(null);
    setFailure(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={title}
      description={description}
      initialFocusRef={inputRef}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4">
        {failure && (
          <p
            role="alert"
            className="mb-4 border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
          >
            {failure}
          </p>
        )}
        <TextInput
          ref={inputRef}
          key={method}
          name={method === 'pin' ? 'confirm-pin' : 'confirm-password'}
          label={method === 'pin' ? 'PIN tanda tangan' : 'Kata sandi Anda'}
          type="password"
          hint={
            method === 'pin'
              ? '6 digit angka yang Anda buat di Pengaturan → Tanda Tangan.'
              : 'Kata sandi yang Anda pakai untuk masuk.'
          }
          inputMode={method === 'pin' ? 'numeric' : undefined}
          autoComplete={method === 'pin' ? 'off' : 'current-password'}
          width={method === 'pin' ? '10' : 'full'}
          value={secret}
          error={fieldError ?? undefined}
          onChange={(e) => {
            setSecret(e.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        {hasPin && (
          <p className="-mt-2 mb-4">
            <button
              type="button"
              className="min-h-11 font-semibold text-brand-800 underline underline-offset-4"
              onClick={() => switchTo(method === 'pin' ? 'password' : 'pin')}
            >
              {method === 'pin' ? 'Pakai kata sandi' : 'Pakai PIN'}
            </button>
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="outlined"
            onClick={onClose}
            disabled={busy}
            size="md"
            block
            className="sm:w-auto"
          >
            Batal
          </Button>
          <Button type="submit" loading={busy} size="md" block className="sm:w-auto">
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
