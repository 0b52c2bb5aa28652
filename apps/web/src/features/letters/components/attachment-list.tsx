import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { formatBytes } from '../shrink-photo.ts';
import type { ApiAttachment } from '@balai/domain/contract';
import { fetchAttachmentImage } from '../../../api/attachments.ts';

/** An object URL for a photo behind the session, revoked when no longer shown. */
function usePhotoUrl(url: string | null): { src: string | null; failed: string | null } {
  const [state, setState] = useState<{
    for: string | null;
    src: string | null;
    failed: string | null;
  }>({ for: null, src: null, failed: null });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let live = true;
    fetchAttachmentImage(url).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ for: url, src: objectUrl, failed: null });
      },
      (error: unknown) => {
        if (live) setState({ for: url, src: null, failed: errorMessage(error) });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state.for === url ? { src: state.src, failed: state.failed } : { src: null, failed: null };
}

/** The photo's thumbnail, loaded through the session, in a fixed box (no layout shift). */
export function AttachmentThumb({ attachment }: { attachment: ApiAttachment }) {
  const { src, failed } = usePhotoUrl(attachment.thumb_url);
  const landscape = attachment.width >= attachment.height;
  return (
    <span className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded border border-slate-300 bg-slate-100">
      {src ? (
        <img
          src={src}
          alt=""
          width={landscape ? 80 : Math.round((80 * attachment.width) / attachment.height)}
          height={landscape ? Math.round((80 * attachment.height) / attachment.width) : 80}
          className="max-h-20 max-w-20 object-contain"
        />
      ) : (
        <span className="px-1 text-center text-xs text-slate-600">
          {failed ? 'Gagal dimuat' : 'Memuat…'}
        </span>
      )}
    </span>
  );
}

/** The photo at full size in a dialog. */
export function PhotoViewer({
  attachment,
  onClose,
}: {
  attachment: ApiAttachment | null;
  onClose: () => void;
}) {
  const { src, failed } = usePhotoUrl(attachment?.url ?? null);
  return (
    <Modal
      open={attachment !== null}
      onClose={onClose}
      title={attachment ? `Foto ${attachment.requirement_label}` : ''}
      footer={
        <Button variant="outlined" onClick={onClose}>
          Tutup
        </Button>
      }
    >
      {attachment &&
        (src ? (
          <img
            src={src}
            alt={`Foto ${attachment.requirement_label}`}
            width={attachment.width}
            height={attachment.height}
            className="h-auto max-h-[70vh] w-full object-contain"
          />
        ) : (
          <p role={failed ? 'alert' : 'status'} className="text-slate-800">
            {failed ?? 'Memuat foto…'}
          </p>
        ))}
    </Modal>
  );
}

/**
 * The photos sent with a request, read-only, each with the requirement it shows and a larger
 * view: for the resident's request page and the office's review page.
 */
export function AttachmentList({
  attachments,
  emptyText = 'Tidak ada foto dokumen yang dilampirkan.',
}: {
  attachments: readonly ApiAttachment[];
  emptyText?: string;
}) {
  const [open, setOpen] = useState<ApiAttachment | null>(null);
  if (attachments.length === 0) return <p className="mt-2 text-slate-700">{emptyText}</p>;
  return (
    <>
      <ul className="mt-3 space-y-3">
        {attachments.map((a, i) => (
          <li key={a.id} className="flex items-center gap-4">
            <AttachmentThumb attachment={a} />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold break-words text-slate-900">
                {a.requirement_label}
              </span>
              <span className="block text-sm text-slate-700">
                {a.width} × {a.height} px, {formatBytes(a.size)}
              </span>
              <button
                type="button"
                className="mt-1 font-semibold text-brand-800 underline underline-offset-4"
                onClick={() => setOpen(a)}
              >
                Lihat foto
                <span className="sr-only">
                  {' '}
                  {i + 1}: {a.requirement_label}
                </span>
              </button>
            </span>
          </li>
        ))}
      </ul>
      <PhotoViewer attachment={open} onClose={() => setOpen(null)} />
    </>
  );
}
