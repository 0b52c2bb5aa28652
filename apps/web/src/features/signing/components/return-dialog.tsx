import { returnSchema } from '@balai/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Textarea } from '../../../components/form/textarea.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { httpStatus } from '../../../lib/http-client.ts';
import { fieldFailure, signingFailure } from './signing-errors.ts';
import { useSigningActions } from '../../../api/signing.ts';

/** Quick picks for why a letter goes back to the clerk. */
export const RETURN_PICKS = [
  'Data pemohon belum sesuai dengan KTP/KK; mohon diperiksa lagi.',
  'Keperluan surat belum jelas.',
  'Lampiran persyaratan belum lengkap.',
] as const;

/**
 * "Kembalikan": the letter goes back to the clerk (Diproses) with a note, which is required
 * (docs/signing.md). The clerk and the resident are told; the resident without the note.
 */
export function ReturnDialog({
  letter,
  onClose,
  onReturned,
  onStale,
}: {
  letter: { id: number; reference: string } | null;
  onClose: () => void;
  onReturned: () => void;
  onStale?: () => void;
}) {
  const actions = useSigningActions();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!letter) return;
    setFailure(null);
    const checked = returnSchema.safeParse({ note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Catatan pengembalian wajib diisi.');
      textRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await actions.returnLetter(letter.id, checked.data.note);
      onReturned();
    } catch (e) {
      const onField = fieldFailure(e, 'note');
      if (onField) {
        setError(onField);
        textRef.current?.focus();
      } else {
        setFailure(signingFailure(e));
        const status = httpStatus(e);
        if (status === 403 || status === 404 || status === 409) onStale?.();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={letter !== null}
      onClose={busy ? () => undefined : onClose}
      title={`Kembalikan ${letter?.reference ?? ''} ke petugas?`}
      description="Surat kembali berstatus Diproses. Petugas menerima catatan Anda; pemohon hanya diberi tahu bahwa suratnya diperiksa kembali."
      initialFocusRef={textRef}
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
        <Textarea
          ref={textRef}
          name="return-note"
          label="Catatan untuk petugas"
          hint="Tulis apa yang perlu diperbaiki sebelum surat diajukan lagi."
          value={note}
          error={error ?? undefined}
          onChange={(e) => {
            setNote(e.target.value);
            if (error) setError(null);
          }}
        />
        <p className="mb-2 text-sm font-semibold text-slate-800">Catatan cepat:</p>
        <ul className="mb-5 flex flex-col gap-2">
          {RETURN_PICKS.map((pick) => (
            <li key={pick}>
              <button
                type="button"
                className="min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 text-left text-sm text-slate-900 hover:bg-slate-50"
                onClick={() => {
                  setNote(pick);
                  setError(null);
                  textRef.current?.focus();
                }}
              >
                {pick}
              </button>
            </li>
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outlined" onClick={onClose} disabled={busy} block className="sm:w-auto">
            Batal
          </Button>
          <Button
            type="submit"
            loading={busy}
            block
            className="min-h-12 bg-red-700 hover:bg-red-800 sm:w-auto"
          >
            Kembalikan
          </Button>
        </div>
      </form>
    </Modal>
  );
}
