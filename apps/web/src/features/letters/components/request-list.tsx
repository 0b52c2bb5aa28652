import { formatDateTimeId, requestReference } from '@balai/domain';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import type { LetterRequest } from '../api/types.ts';
import { StatusTag } from './status-tag.tsx';

/**
 * Requests as a list of cards (a table would not fit a 375 px phone): reference and letter,
 * the date filed, the status, the number once issued.
 */
export function RequestList({
  requests,
  showTitle = false,
  archiveLinks = false,
}: {
  requests: readonly LetterRequest[];
  /** Name the letter type on each card (lists that mix types). */
  showTitle?: boolean;
  /** Link issued letters to their archive entry (the letter history). */
  archiveLinks?: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-200 border-y border-slate-200">
      {requests.map((r) => (
        <li key={`${r.type}-${r.id}`} className="py-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link
              to={paths.serviceRequest(r.type, r.id)}
              className="text-lg font-semibold text-brand-800 underline underline-offset-4"
            >
              {showTitle ? `${r.letter_title} · ` : ''}
              {requestReference(r.type, r.id)}
            </Link>
            <StatusTag status={r.status} />
          </div>
          <p className="mt-1 text-slate-700">
            Diajukan {formatDateTimeId(r.created_at)}
            {r.number && (
              <>
                {' · '}Nomor surat <span className="font-semibold text-slate-900">{r.number}</span>
              </>
            )}
          </p>
          {archiveLinks && r.pdf && (
            <Link
              to={paths.profile.letterHistoryDetail(r.pdf.history_id)}
              className="mt-1 inline-block font-semibold text-brand-800 underline underline-offset-4"
            >
              Surat terbit<span className="sr-only"> {r.number}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
