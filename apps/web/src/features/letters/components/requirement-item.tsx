// One requirement of the checklist in requirement-uploads.tsx: its photos, the upload with its
// progress and retry, and the camera and gallery buttons.
import type { Requirement } from '@balai/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import { errorMessage, fieldErrors, GENERIC_FAILURE } from '../../../lib/http-client.ts';
import { formatBytes, shrinkPhoto } from '../shrink-photo.ts';
import { AttachmentThumb } from './attachment-list.tsx';
import type { ApiAttachment } from '@balai/domain/contract';
import {
  deleteAttachment,
  uploadAttachment,
  type AttachmentScope,
} from '../../../api/attachments.ts';

/** The id of a requirement's block in the checklist (the check page's error summary links it). */
export const requirementBlockId = (key: string) => `persyaratan-${key}`;

/** The server keeps at most this many photos per requirement. */
const MAX_PER_REQUIREMENT = 5;

/** How each requirement is handed in, as a tag beside its name. */
const HANDED_IN: Record<Requirement['online'], string> = {
  required: 'Wajib diunggah',
  optional: 'Unggah atau bawa ke kantor',
  office: 'Bawa ke kantor desa',
};

type Upload =
  | { phase: 'shrinking' }
  | { phase: 'sending'; progress: number; note: string | null }
  | { phase: 'failed'; message: string; retry: Blob | null; note: string | null };

/**
 * A lost connection, or the server failing, can be retried with the same photo; a refusal with
 * reasons (`errors`: not an image, too large, no room left) cannot. (The upload answers with the
 * error body only, not the status.)
 */
function retryable(error: unknown): boolean {
  return !(typeof error === 'object' && error !== null && 'errors' in error);
}

function failureMessage(error: unknown): string {
  if (error === GENERIC_FAILURE) {
    return 'Koneksi terputus, foto belum terkirim. Periksa sinyal, lalu coba lagi.';
  }
  const file = fieldErrors(error)?.file?.[0];
  return file ?? errorMessage(error);
}

interface RequirementItemProps {
  requirement: Requirement;
  scope: AttachmentScope;
  editable: boolean;
  loading: boolean;
  photos: ApiAttachment[];
  onView: (a: ApiAttachment) => void;
  onBusy: (busy: boolean) => void;
  onAdded: (a: ApiAttachment) => void;
  onRemoved: (a: ApiAttachment) => void;
}

export function RequirementItem({
  requirement: r,
  scope,
  editable,
  loading,
  photos,
  onView,
  onBusy,
  onAdded,
  onRemoved,
}: RequirementItemProps) {
  const [upload, setUpload] = useState<Upload | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const online = r.online !== 'office';
  const done = photos.length > 0;
  const busy = upload !== null && upload.phase !== 'failed';
  const reportBusy = useRef(onBusy);
  useLayoutEffect(() => {
    reportBusy.current = onBusy;
  });
  useEffect(() => reportBusy.current(busy), [busy]);
  const canAdd = editable && online && photos.length < MAX_PER_REQUIREMENT && !busy;

  async function send(blob: Blob, note: string | null) {
    const controller = new AbortController();
    inFlight.current = controller;
    setUpload({ phase: 'sending', progress: 0, note });
    try {
      const added = await uploadAttachment(scope, r.key, blob, {
        signal: controller.signal,
        onProgress: (progress) => setUpload({ phase: 'sending', progress, note }),
      });
      onAdded(added);
      setUpload(null);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setUpload({
        phase: 'failed',
        message: failureMessage(failure),
        retry: retryable(failure) ? blob : null,
        note,
      });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }

  async function choose(file: File) {
    setRemoveError(null);
    setUpload({ phase: 'shrinking' });
    const shrunk = await shrinkPhoto(file);
    const note = shrunk.shrunk
      ? `Diperkecil dari ${formatBytes(file.size)} menjadi ${formatBytes(shrunk.blob.size)}.`
      : null;
    await send(shrunk.blob, note);
  }

  async function remove(a: ApiAttachment) {
    setRemoving(a.id);
    setRemoveError(null);
    try {
      await deleteAttachment(a);
      onRemoved(a);
    } catch (failure) {
      setRemoveError(errorMessage(failure));
    } finally {
      setRemoving(null);
    }
  }

  const statusText = !online
    ? 'Bawa dokumen ini ke kantor desa.'
    : loading
      ? 'Memuat…'
      : done
        ? `Sudah dilampirkan (${photos.length} foto).`
        : r.online === 'required'
          ? 'Belum dilampirkan — wajib sebelum dikirim.'
          : 'Belum dilampirkan.';

  return (
    <li
      id={requirementBlockId(r.key)}
      tabIndex={-1}
      className="py-4 focus-visible:outline-offset-4"
      data-requirement={r.key}
    >
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className={`w-4 shrink-0 ${done ? 'text-emerald-700' : 'text-slate-500'}`}
        >
          {done ? '✓' : online ? '○' : '•'}
        </span>
        <span className="min-w-0">
          <span className="block font-semibold break-words text-slate-900">{r.label}</span>
          <span
            className={`mt-1 inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${
              r.online === 'required'
                ? 'bg-amber-100 text-amber-900'
                : r.online === 'office'
                  ? 'bg-slate-200 text-slate-800'
                  : 'bg-brand-50 text-brand-900'
            }`}
          >
            {HANDED_IN[r.online]}
          </span>
        </span>
      </div>
      <p className={`mt-1 pl-6 ${done ? 'text-emerald-800' : 'text-slate-700'}`}>{statusText}</p>

      {photos.length > 0 && (
        <ul className="mt-3 space-y-2 pl-6">
          {photos.map((a, i) => (
            <li key={a.id} className="flex items-center gap-3">
              <AttachmentThumb attachment={a} />
              <span className="flex flex-wrap gap-x-4 gap-y-1">
                <button
                  type="button"
                  className="font-semibold text-brand-800 underline underline-offset-4"
                  onClick={() => onView(a)}
                >
                  Lihat
                  <span className="sr-only">
                    {' '}
                    foto {i + 1} {r.label}
                  </span>
                </button>
                {editable && (
                  <button
                    type="button"
                    className="font-semibold text-red-800 underline underline-offset-4 disabled:opacity-60"
                    disabled={removing === a.id}
                    onClick={() => void remove(a)}
                  >
                    {removing === a.id ? 'Menghapus…' : 'Hapus'}
                    <span className="sr-only">
                      {' '}
                      foto {i + 1} {r.label}
                    </span>
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {removeError && (
        <p role="alert" className="mt-2 pl-6 font-semibold text-red-800">
          {removeError}
        </p>
      )}

      {upload?.phase === 'shrinking' && (
        <p role="status" className="mt-3 pl-6 text-slate-800">
          Menyiapkan foto…
        </p>
      )}
      {upload?.phase === 'sending' && (
        <div className="mt-3 pl-6">
          <progress
            className="h-3 w-full max-w-xs"
            value={upload.progress}
            max={1}
            aria-label={`Mengunggah foto ${r.label}`}
          />
          <p role="status" className="text-sm text-slate-700">
            Mengunggah… {Math.round(upload.progress * 100)}%.
          </p>
          {upload.note && <p className="text-sm text-slate-700">{upload.note}</p>}
        </div>
      )}
      {upload?.phase === 'failed' && (
        <div role="alert" className="mt-3 pl-6">
          <p className="font-semibold text-red-800">{upload.message}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            {upload.retry && (
              <Button
                size="sm"
                onClick={() => {
                  const retry = upload.retry;
                  if (retry) void send(retry, upload.note);
                }}
              >
                Coba lagi<span className="sr-only"> mengunggah foto {r.label}</span>
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => setUpload(null)}>
              Tutup pesan
            </Button>
          </div>
        </div>
      )}

      {canAdd && (
        <div className="mt-3 flex flex-wrap gap-3 pl-6">
          <PhotoInput
            label={done ? 'Tambah foto dari kamera' : 'Ambil foto'}
            requirement={r.label}
            capture
            onFile={(file) => void choose(file)}
          />
          <PhotoInput
            label="Pilih dari galeri"
            requirement={r.label}
            onFile={(file) => void choose(file)}
          />
        </div>
      )}
    </li>
  );
}

/** A file input that looks like a button; `capture` opens the back camera on phones. */
function PhotoInput({
  label,
  requirement,
  capture = false,
  onFile,
}: {
  label: string;
  requirement: string;
  capture?: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <label
      className={buttonClasses({
        variant: capture ? 'filled' : 'outlined',
        size: 'sm',
        className: 'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2',
      })}
    >
      <input
        type="file"
        accept="image/*"
        {...(capture ? { capture: 'environment' as const } : {})}
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      {label}
      <span className="sr-only"> {requirement}</span>
    </label>
  );
}
