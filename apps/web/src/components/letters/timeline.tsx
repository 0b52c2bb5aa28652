import { formatDateTimeId, type FieldChange, type LetterStatus } from '@balai/domain';

/** One step of a request's history as the API answers it (residents' and office's views). */
export interface TimelineEvent {
  id: number;
  from_status: LetterStatus | null;
  to_status: LetterStatus;
  to_label: string;
  note: string | null;
  /** What an edit changed, old and new values (null for a status change alone). */
  changes: readonly FieldChange[] | null;
  created_at: string;
}

/** "Isian diubah" when an edit kept the status, else the status it moved to. */
function headline(event: TimelineEvent): string {
  if (event.from_status === event.to_status && event.changes?.length) return 'Isian diubah';
  if (event.changes?.length) return `Isian diubah, ${event.to_label}`;
  return event.to_label;
}

const shown = (v: string | null) => v ?? '(kosong)';

/**
 * A request's history, newest first: each status or edit, when, by whom (`actor`, which differs
 * for the resident and the office), the note, and an edit's old and new values.
 */
export function Timeline<E extends TimelineEvent>({
  events,
  actor,
}: {
  events: readonly E[];
  actor: (event: E) => string;
}) {
  const newestFirst = [...events].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  );
  return (
    <ol className="mt-4 border-l-2 border-slate-300 pl-6">
      {newestFirst.map((event) => (
        <li key={event.id} className="relative pb-6 last:pb-0">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.95rem] size-3.5 rounded-full border-2 border-white bg-brand-800"
          />
          <p className="font-semibold text-slate-900">{headline(event)}</p>
          <p className="text-sm text-slate-700">
            <time dateTime={event.created_at}>{formatDateTimeId(event.created_at)}</time> ·{' '}
            {actor(event)}
          </p>
          {event.note && (
            <p className="mt-1 whitespace-pre-line break-words text-slate-900">
              <span className="font-semibold">Catatan:</span> {event.note}
            </p>
          )}
          {event.changes && event.changes.length > 0 && (
            <ul className="mt-1 space-y-1 text-slate-900">
              {event.changes.map((c) => (
                <li key={c.field} className="break-words">
                  <span className="font-semibold">{c.label}:</span> <del>{shown(c.old)}</del>{' '}
                  <span aria-hidden="true">→</span> <span className="sr-only">menjadi</span>{' '}
                  <ins className="no-underline">{shown(c.new)}</ins>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
