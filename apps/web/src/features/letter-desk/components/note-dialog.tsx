// Part of the desk's review screen (desk-detail-page.tsx).
import type { LetterTransition } from '@balai/domain';
import { useRef, useState } from 'react';
import { Textarea } from '../../../components/form/textarea.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { NOTE_PICKS } from './status-actions.tsx';

/** The dialog of a change that needs a note: Minta Dilengkapi (what is missing), Tolak (why). */
export function NoteDialog({
  transition,
  busy,
  onCancel,
  onConfirm,
}: {
  transition: LetterTransition | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  if (!transition) return null;
  const rejecting = transition.to === 'rejected';
  const label = rejecting ? 'Alasan penolakan' : 'Yang perlu dilengkapi';
  const submit = () => {
    if (!note.trim()) {
      setError(`${label} wajib diisi.`);
      textRef.current?.focus();
      return;
    }
    onConfirm(note.trim());
  };
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onCancel}
      title={rejecting ? 'Tolak permohonan?' : 'Minta pemohon melengkapi'}
      description={
        rejecting
          ? 'Alasan dikirim kepada pemohon dan tercatat di riwayat. Permohonan yang ditolak tidak dapat diproses lagi.'
          : 'Catatan dikirim kepada pemohon; setelah ia memperbaiki, permohonan kembali ke antrean.'
      }
      initialFocusRef={textRef}
      footer={
        <>
          <Button variant="outlined" onClick={onCancel} disabled={busy}>
            Batal
          </Button>
          <Button
            onClick={submit}
            loading={busy}
            className={rejecting ? 'bg-red-700 hover:bg-red-800' : undefined}
          >
            {transition.actionLabel}
          </Button>
        </>
      }
    >
      <Textarea
        ref={textRef}
        name="note"
        label={label}
        value={note}
        maxLength={1000}
        error={error ?? undefined}
        onChange={(e) => {
          setNote(e.target.value);
          if (error) setError(null);
        }}
      />
      {NOTE_PICKS[transition.to] && (
        <fieldset>
          <legend className="mb-2 font-semibold text-slate-900">Alasan yang sering dipakai</legend>
          <div className="flex flex-wrap gap-2">
            {NOTE_PICKS[transition.to]!.map((pick) => (
              <button
                key={pick}
                type="button"
                onClick={() => {
                  setNote((n) => (n.trim() ? `${n.trim()}\n${pick}` : pick));
                  setError(null);
                }}
                className="min-h-11 rounded-md border-2 border-slate-400 bg-white px-3 py-1 text-left text-sm text-slate-900 hover:border-brand-800"
              >
                {pick}
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </Modal>
  );
}
