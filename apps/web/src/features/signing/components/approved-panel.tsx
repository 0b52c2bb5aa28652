import { formatDateTimeId } from '@balai/domain';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { downloadPdf } from '../../../api/download.ts';
import { signingFailure } from './signing-errors.ts';
import type { ApproveAnswer } from '@balai/domain/contract';

/**
 * After "Setujui dan Terbitkan": each letter's number and its PDF (fetched through the session),
 * and the letters someone else moved in between with the server's reason. Focused when shown,
 * so a screen reader says it.
 */
export function ApprovedPanel({ answer }: { answer: ApproveAnswer }) {
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => ref.current?.focus(), [answer]);
  const { approved, failed } = answer.data;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby="hasil-tanda-tangan"
      className={`mb-6 rounded-md border-2 p-4 outline-none focus:ring-4 focus:ring-amber-400 ${
        approved.length > 0 ? 'border-emerald-700 bg-emerald-50' : 'border-red-700 bg-red-50'
      }`}
    >
      <h2 id="hasil-tanda-tangan" className="text-xl font-bold text-slate-900">
        {answer.message}
      </h2>
      {approved.length > 0 && (
        <ul className="mt-3 space-y-3">
          {approved.map((letter) => (
            <li key={letter.id} className="rounded-md bg-white p-3">
              <p className="font-semibold text-slate-900">{letter.reference}</p>
              <p className="text-slate-800">
                Nomor surat: <strong className="break-words">{letter.number ?? '–'}</strong>
              </p>
              {letter.issued_at && (
                <p className="text-sm text-slate-700">
                  Terbit {formatDateTimeId(letter.issued_at)}
                  {letter.signed_on_behalf ? ' · a.n. Kepala Desa' : ''}
                </p>
              )}
              <Button
                variant="outlined"
                className="mt-2"
                loading={busy === letter.id}
                onClick={() => {
                  setBusy(letter.id);
                  setFailure(null);
                  downloadPdf(letter.pdf_url, `${letter.reference}.pdf`)
                    .catch((e: unknown) => setFailure(signingFailure(e)))
                    .finally(() => setBusy(null));
                }}
              >
                Unduh surat (PDF)<span className="sr-only"> {letter.reference}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failed.length > 0 && (
        <>
          <p className="mt-3 font-semibold text-red-900">Tidak dapat disetujui:</p>
          <ul className="mt-1 list-disc pl-5 text-red-900">
            {failed.map((f) => (
              <li key={f.id}>{f.message}</li>
            ))}
          </ul>
        </>
      )}
      {failure && (
        <p role="alert" className="mt-3 font-semibold text-red-900">
          {failure}
        </p>
      )}
    </div>
  );
}
