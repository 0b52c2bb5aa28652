import { formatDateTimeId } from '@balai/domain';
import type { LetterEvent } from '../api/types.ts';

/** Who made a change, as the resident is told: themselves or the village office. */
function actorOf(event: LetterEvent): string {
  if (event.actor_role === 'WARGA') return 'Anda';
  if (event.actor_role === 'ADMINISTRATOR') return 'Petugas desa';
  return 'Sistem';
}

/** The request's history, newest first: each status, when, by whom and the office's note. */
export function Timeline({ events }: { events: readonly LetterEvent[] }) {
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
          <p className="font-semibold text-slate-900">{event.to_label}</p>
          <p className="text-sm text-slate-700">
            <time dateTime={event.created_at}>{formatDateTimeId(event.created_at)}</time> ·{' '}
            {actorOf(event)}
          </p>
          {event.note && (
            <p className="mt-1 whitespace-pre-line break-words text-slate-900">
              <span className="font-semibold">Catatan:</span> {event.note}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
