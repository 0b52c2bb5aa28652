// Part of the desk's review screen (desk-detail-page.tsx).
import type { LetterTransition, LetterType } from '@balai/domain';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/load-state.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { useBlobUrl } from '../../../lib/use-blob-url.ts';
import type { LetterRequestDetail } from '@balai/domain/contract';
import { useDeskActions } from '../../../api/letter-desk.ts';

/**
 * The letter as it will be printed (a draft without a number, never stored), then "Terbitkan":
 * the clerk issues only after seeing it.
 */
export function IssuePreview({
  type,
  request,
  transition,
  busy,
  onCancel,
  onIssue,
}: {
  type: LetterType;
  request: LetterRequestDetail;
  transition: LetterTransition;
  busy: boolean;
  onCancel: () => void;
  onIssue: () => void;
}) {
  const actions = useDeskActions(type);
  const { url, failure } = useBlobUrl(
    `${request.id}@${request.updated_at}`,
    () => actions.preview(request.id),
    errorMessage,
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [request.id, request.updated_at]);
  return (
    <section
      aria-labelledby="pratinjau"
      className="mt-6 rounded-lg border-2 border-brand-800 bg-white p-4"
    >
      <h2
        id="pratinjau"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 outline-none"
      >
        Periksa surat sebelum diterbitkan
      </h2>
      <p className="mt-1 text-slate-700">
        Ini pratinjau (draf): belum bernomor dan tidak disimpan.{' '}
        {transition.to === 'awaiting_signature'
          ? 'Nomor surat diberikan saat Kepala Desa menyetujuinya.'
          : 'Nomor surat diberikan saat Anda menerbitkannya.'}
      </p>
      {failure ? (
        <p role="alert" className="mt-3 border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          Pratinjau tidak dapat dibuat: {failure}
        </p>
      ) : url ? (
        <>
          <iframe
            src={url}
            title={`Pratinjau draf ${type.pdfTitle}`}
            className="mt-3 h-[70vh] w-full rounded border border-slate-300"
          />
          <p className="mt-2">
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="text-brand-800 underline underline-offset-2"
            >
              Buka pratinjau di tab baru
            </a>
          </p>
        </>
      ) : (
        <LoadingBlock label="Menyiapkan pratinjau…" />
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onIssue} loading={busy} disabled={!url}>
          {transition.actionLabel} sekarang
        </Button>
        <Button variant="outlined" onClick={onCancel} disabled={busy}>
          Batal
        </Button>
      </div>
    </section>
  );
}
