import { formatDateTimeId, requestReference } from '@balai/domain';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { DownloadButton } from './download-button.tsx';
import { StatusTag } from './status-tag.tsx';
import type { ApiLetterRequest } from '@balai/domain/contract';

/**
 * Requests as a list of cards (a table would not fit a 375 px phone): reference and letter,
 * the date filed, the status, the number once issued.
 */
export function RequestList({
  requests,
  showTitle = false,
  archiveLinks = false,
  downloads = false,
}: {
  requests: readonly ApiLetterRequest[];
  /** Name the letter type on each card (lists that mix types). */
  showTitle?: boolean;
  /** Link issued letters to their archive entry (the letter history). */
  archiveLinks?: boolean;
  /** A download button on each issued letter, right in the list. */
  downloads?: boolean;
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
              {/* "KU-000042" is never broken at its hyphen. */}
              <span className="whitespace-nowrap">{requestReference(r.type, r.id)}</span>
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
          {r.pdf && (downloads || archiveLinks) && (
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
              {downloads && (
                <DownloadButton
                  url={r.pdf.url}
                  fileName={`${r.letter_title} ${r.number ?? requestReference(r.type, r.id)}.pdf`}
                  label="Unduh PDF"
                  which={`${r.letter_title} ${requestReference(r.type, r.id)}`}
                  variant="outlined"
                  size="sm"
                />
              )}
              {archiveLinks && (
                <Link
                  to={paths.profile.letterHistoryDetail(r.pdf.history_id)}
                  className="font-semibold text-brand-800 underline underline-offset-4"
                >
                  Surat terbit<span className="sr-only"> {r.number}</span>
                </Link>
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
