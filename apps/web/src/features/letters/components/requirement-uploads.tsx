import type { LetterType, Requirement } from '@balai/domain';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { PhotoViewer } from './attachment-list.tsx';
import { RequirementItem } from './requirement-item.tsx';
import type { ApiAttachment } from '@balai/domain/contract';
import { useAttachments, type AttachmentScope } from '../../../api/attachments.ts';

export { requirementBlockId } from './requirement-item.tsx';

/** The requirements whose photo must be sent with the request and has none yet. */
export function missingRequiredPhotos(
  type: Pick<LetterType, 'requirements'>,
  attachments: readonly Pick<ApiAttachment, 'requirement'>[],
): Requirement[] {
  return type.requirements.filter(
    (r) => r.online === 'required' && !attachments.some((a) => a.requirement === r.key),
  );
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
