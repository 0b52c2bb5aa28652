import { LETTER_STATUS_LABELS, type LetterStatus } from '@balai/domain';

/** Colours of the GOV.UK tag: each status reads by its word, the colour only helps. */
const TONES: Record<LetterStatus, string> = {
  submitted: 'bg-sky-100 text-sky-900',
  needs_revision: 'bg-amber-100 text-amber-950',
  processing: 'bg-indigo-100 text-indigo-900',
  awaiting_signature: 'bg-violet-100 text-violet-900',
  completed: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** A request's status as a tag, e.g. "Perlu Dilengkapi". */
export function StatusTag({ status }: { status: LetterStatus }) {
  return (
    <strong
      className={`inline-block rounded px-2 py-0.5 text-sm font-bold tracking-wide ${TONES[status]}`}
    >
      {LETTER_STATUS_LABELS[status]}
    </strong>
  );
}
