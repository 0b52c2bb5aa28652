import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Field, controlClasses } from './field.tsx';

export const NOT_AN_IMAGE = 'Berkas yang dipilih harus berupa gambar, misalnya JPG, PNG atau WebP.';

export interface ImagePickerProps {
  /** The input's id and name. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** An error from the form (e.g. the server's); the picker's own rejection shows otherwise. */
  error?: string;
  optional?: boolean;
  /** The chosen file, or null. */
  value: File | null;
  /** Called with the chosen image, or with null when it is removed. Non-images never arrive. */
  onChange: (file: File | null) => void;
  /** The address of the image already saved, shown until another is chosen. */
  currentUrl?: string | null;
  /** The alt text of the preview. */
  previewAlt?: string;
  /** While the chosen image is being sent: the share sent, 0 to 1 (shows a progress bar). */
  progress?: number | null;
  /** Shows "Hapus gambar" under the saved image (optional fields); called when it is pressed. */
  onRemoveCurrent?: () => void;
}

/** Picks one image file (SPEC section 5): accept="image/*", anything else is refused. */
export function ImagePicker({
  id,
  label,
  hint,
  error,
  optional,
  value,
  onChange,
  currentUrl,
  previewAlt = 'Pratinjau gambar',
  progress,
  onRemoveCurrent,
}: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const objectUrl = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  const preview = objectUrl ?? currentUrl ?? null;

  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error ?? rejection ?? undefined}
      optional={optional}
    >
      {(control) => (
        <div className="space-y-3">
          {preview && (
            <img
              src={preview}
              alt={previewAlt}
              className="max-h-48 rounded-md border border-slate-300 object-contain"
            />
          )}
          <input
            ref={inputRef}
            name={id}
            type="file"
            accept="image/*"
            className={controlClasses(
              !!(error ?? rejection),
              'w-full max-w-md file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800',
            )}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              if (file && !file.type.startsWith('image/')) {
                setRejection(NOT_AN_IMAGE);
                event.currentTarget.value = '';
                onChange(null);
                return;
              }
              setRejection(null);
              onChange(file);
            }}
            {...control}
          />
          {progress !== null && progress !== undefined && (
            <UploadProgress id={`${id}-progress`} share={progress} />
          )}
          {!value && currentUrl && onRemoveCurrent && (
            <button
              type="button"
              className="text-sm font-semibold text-brand-800 underline underline-offset-2"
              onClick={onRemoveCurrent}
            >
              Hapus gambar
            </button>
          )}
          {value && (
            <button
              type="button"
              className="text-sm font-semibold text-brand-800 underline underline-offset-2"
              onClick={() => {
                onChange(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            >
              Hapus gambar yang dipilih
            </button>
          )}
        </div>
      )}
    </Field>
  );
}

/** The upload's progress as a labelled native progress bar ("Mengunggah gambar… 40%"). */
function UploadProgress({ id, share }: { id: string; share: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <div className="max-w-md">
      <label htmlFor={id} className="block text-sm text-slate-900">
        Mengunggah gambar… {percent}%
      </label>
      <progress id={id} max={100} value={percent} className="mt-1 w-full accent-brand-800" />
    </div>
  );
}
