import { useRef, useState, type FormEvent } from 'react';
import { TextInput } from '../../../components/form/text-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { httpStatus } from '../../../lib/http-client.ts';
import { fieldFailure, signingFailure } from './signing-errors.ts';
import type { ApproveAnswer } from '@balai/domain/contract';
import { useSigningActions } from '../../../api/signing.ts';

export interface ApproveDialogProps {
  /** The letters to approve (each already looked at); the dialog is open while there are any. */
  letters: readonly { id: number; reference: string }[];
  /** The account has a PIN: ask for it first (the password stays possible). */
  hasPin: boolean;
  onClose: () => void;
  onApproved: (answer: ApproveAnswer) => void;
  /** A 403 or 409: the queue changed under the signer; the page reloads it. */
  onStale?: () => void;
}

/**
 * "Setujui dan Terbitkan": the signer confirms with their password, or their PIN when they set
 * one, like a signature passphrase (docs/signing.md). A wrong one is said on the field; a 403,
 * 409 or 429 in the dialog, in the server's words.
 */
export function ApproveDialog({
  letters,
  hasPin,
  onClose,
  onApproved,
  onStale,
}: ApproveDialogProps) {
  const actions = useSigningActions();
  const [method, setMethod] = useState<'pin' | 'password'>(hasPin ? 'pin' : 'password');
  const [secret, setSecret] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const open = letters.length > 0;
  const one = letters.length === 1 ? letters[0] : undefined;
  const label = method === 'pin' ? 'PIN tanda tangan' : 'Kata sandi Anda';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const value = method === 'pin' ? secret.trim() : secret;
    if (value === '') {
      setFieldError(method === 'pin' ? 'Masukkan PIN Anda.' : 'Masukkan kata sandi Anda.');
      inputRef.current?.focus();
      return;
    }
    if (method === 'pin' && !/^\d{6}$/.test(value)) {
      setFieldError('PIN harus 6 digit angka.');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await actions.approve(
        letters.map((l) => l.id),
        method === 'pin' ? { pin: value } : { password: value },
      );
      setSecret('');
      onApproved(answer);
    } catch (e) {
      const onField = fieldFailure(e, method);
      if (httpStatus(e) === 422 && onField) {
        setFieldError(onField);
        setSecret('');
        inputRef.current?.focus();
      } else {
        setFailure(signingFailure(e));
        const status = httpStatus(e);
        if (status === 403 || status === 404 || status === 409) onStale?.();
      }
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
      title={
        one ? (
          <>
            Setujui dan terbitkan <span className="whitespace-nowrap">{one.reference}</span>?
          </>
        ) : (
          `Setujui ${letters.length} surat?`
        )
      }
      description={
        one
          ? 'Surat diberi nomor, diterbitkan dengan tanda tangan elektronik Anda dan dikirim kepada pemohon.'
          : `Setiap surat diberi nomor, diterbitkan dengan tanda tangan elektronik Anda dan dikirim kepada pemohonnya: ${letters.map((l) => l.reference).join(', ')}.`
      }
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
          name={method === 'pin' ? 'approve-pin' : 'approve-password'}
          label={label}
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
          <Button type="submit" loading={busy} block className="min-h-12 sm:w-auto">
            {one ? 'Setujui dan Terbitkan' : `Setujui ${letters.length} surat`}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
