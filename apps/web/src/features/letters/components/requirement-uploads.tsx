import type { LetterType, Requirement } from '@balai/domain';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { buttonClasses, Button } from '../../../components/ui/button.tsx';
import { errorMessage, fieldErrors, GENERIC_FAILURE } from '../../../lib/http-client.ts';
import {
  deleteAttachment,
  uploadAttachment,
  useAttachments,
  type ApiAttachment,
  type AttachmentScope,
} from '../api/attachments.ts';
import { formatBytes, shrinkPhoto } from '../shrink-photo.ts';
import { AttachmentThumb, PhotoViewer } from './attachment-list.tsx';

/** The id of a requirement's block in the checklist (the check page's error summary links it). */
export const requirementBlockId = (key: string) => `persyaratan-${key}`;

/** The requirements whose photo must be sent with the request and has none yet. */
export function missingRequiredPhotos(
  type: Pick<LetterType, 'requirements'>,
  attachments: readonly Pick<ApiAttachment, 'requirement'>[],
): Requirement[] {
  return type.requirements.filter(
    (r) => r.online === 'required' && !attachments.some((a) => a.requirement === r.key),
  );
}

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

export interface RequirementUploadsProps {
  type: LetterType;
  /** The resident's photos staged for a new request, or a filed request's. */
  scope: AttachmentScope;
  /** Photos may be added and removed (a new request, or one still open to the resident). */
  editable: boolean;
  /** Told of the photos whenever they change (the flow sends their ids with the request). */
  onChange?: (attachments: ApiAttachment[]) => void;
  /** Told when a photo starts (true) and when the last one ends (false) being prepared or sent. */
  onUploadingChange?: (uploading: boolean) => void;
  /** The section's heading level. */
  headingLevel?: 2 | 3;
}

/**
 * The type's requirements as a checklist (issue 13.1): for each one that may be sent online, a
 * photo from the camera or the gallery, shrunk in the browser to about 1600 px before it is sent
 * with a progress bar, and "Coba lagi" when the connection drops; the ones to bring to the
 * village office say so. Photos are stored on the server as soon as they are sent, so a reload
 * or a lost form never loses them.
 */
export function RequirementUploads({
  type,
  scope,
  editable,
  onChange,
  onUploadingChange,
  headingLevel = 2,
}: RequirementUploadsProps) {
  const headingId = useId();
  const { attachments, error, mutate } = useAttachments(scope);
  const [viewing, setViewing] = useState<ApiAttachment | null>(null);
  const changed = useRef(onChange);
  const uploadingChanged = useRef(onUploadingChange);
  useLayoutEffect(() => {
    changed.current = onChange;
    uploadingChanged.current = onUploadingChange;
  });
  // Which requirements have a photo on its way.
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const anyBusy = busy.size > 0;
  useEffect(() => uploadingChanged.current?.(anyBusy), [anyBusy]);
  useEffect(() => {
    if (attachments) changed.current?.(attachments);
  }, [attachments]);

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const requiredCount = type.requirements.filter((r) => r.online === 'required').length;

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <Heading
        id={headingId}
        className={
          headingLevel === 2
            ? 'text-2xl font-bold text-slate-900'
            : 'text-xl font-bold text-slate-900'
        }
      >
        Dokumen persyaratan
      </Heading>
      <p className="mt-2 text-slate-700">
        {editable
          ? requiredCount > 0
            ? 'Foto dokumen yang wajib diunggah harus dilampirkan sebelum permohonan dikirim. Foto lain boleh diunggah sekarang atau dokumennya dibawa ke kantor desa.'
            : 'Unggah foto dokumen sekarang agar petugas dapat langsung memeriksanya, atau bawa dokumennya ke kantor desa.'
          : 'Foto dokumen yang dilampirkan pada permohonan ini.'}{' '}
        {editable && 'Foto diperkecil di perangkat Anda sebelum dikirim.'}
      </p>
      {error !== undefined && !attachments ? (
        <div role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-4">
          <p className="text-red-800">Daftar foto tidak dapat dimuat: {errorMessage(error)}</p>
          <Button variant="outlined" className="mt-3" onClick={() => void mutate()}>
            Coba lagi
          </Button>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
          {type.requirements.map((r) => (
            <RequirementItem
              key={r.key}
              requirement={r}
              scope={scope}
              editable={editable}
              loading={!attachments}
              photos={(attachments ?? []).filter((a) => a.requirement === r.key)}
              onView={setViewing}
              onBusy={(on) =>
                setBusy((current) => {
                  if (current.has(r.key) === on) return current;
                  const next = new Set(current);
                  if (on) next.add(r.key);
                  else next.delete(r.key);
                  return next;
                })
              }
              onAdded={(added) =>
                void mutate((current) => ({ data: [...(current?.data ?? []), added] }), {
                  revalidate: false,
                })
              }
              onRemoved={(removed) =>
                void mutate(
                  (current) => ({ data: (current?.data ?? []).filter((a) => a.id !== removed.id) }),
                  { revalidate: false },
                )
              }
            />
          ))}
        </ul>
      )}
      <PhotoViewer attachment={viewing} onClose={() => setViewing(null)} />
    </section>
  );
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

function RequirementItem({
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
