import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage, fieldErrors } from '../../lib/http-client.ts';
import { ImagePicker } from './image-picker.tsx';
import { upload } from './upload.ts';

/** What `POST /api/files` answers with (201). */
export interface UploadedFile {
  id: number;
  mime: string;
  size: number;
  url: { original: string; thumb: string };
}

/** The message to show on the field for a failed upload: the server's word for `file`, if any. */
export function uploadErrorMessage(error: unknown): string {
  const messages = fieldErrors(error)?.file;
  return (Array.isArray(messages) && messages[0]) || errorMessage(error);
}

export interface ImageUploadProps {
  /** The input's id and name (the field name: the error summary links to it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The form's error for the field (required, or the server's 422). */
  error?: string;
  optional?: boolean;
  /** The file id the field holds, as text ('' when none). */
  value: string;
  /** Called with the new file id once the upload is done, or '' when the image is removed. */
  onChange: (fileId: string) => void;
  /** The address of the image `value` held when the form opened (its thumbnail will do). */
  currentUrl?: string | null;
  /** Told when an upload starts (true) and ends (false), so a form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * An image field of a definition: the picker, then at once `POST /api/files` with a progress
 * bar; the field's value becomes the uploaded file's id. The new image is previewed while it
 * is sent; a refusal (too large, not an image) shows on the field and the value is unchanged.
 */
export function ImageUpload({
  id,
  label,
  hint,
  error,
  optional,
  value,
  onChange,
  currentUrl,
  onUploadingChange,
}: ImageUploadProps) {
  const [initial] = useState(value);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<{ id: string; url: string } | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const notify = useRef(onUploadingChange);
  useLayoutEffect(() => {
    notify.current = onUploadingChange;
  });

  // An upload still running when the form goes away is of no use to anyone.
  useEffect(() => () => inFlight.current?.abort(), []);

  function stop() {
    if (!inFlight.current) return;
    inFlight.current.abort();
    inFlight.current = null;
    setProgress(null);
    notify.current?.(false);
  }

  async function send(chosen: File) {
    stop();
    const controller = new AbortController();
    inFlight.current = controller;
    setUploadError(null);
    setProgress(0);
    notify.current?.(true);
    const body = new FormData();
    body.append('file', chosen);
    try {
      const { data } = await upload<{ data: UploadedFile }>('/files', body, {
        onProgress: setProgress,
        signal: controller.signal,
      });
      if (inFlight.current !== controller) return;
      setUploaded({ id: String(data.id), url: data.url.thumb });
      onChange(String(data.id));
    } catch (failure) {
      if (inFlight.current !== controller) return;
      setFile(null);
      setUploadError(uploadErrorMessage(failure));
    }
    inFlight.current = null;
    setProgress(null);
    notify.current?.(false);
  }

  // The saved image for the value the field holds now (the first one, or the last upload).
  const shownUrl =
    value === ''
      ? null
      : value === uploaded?.id
        ? uploaded.url
        : value === initial
          ? currentUrl
          : null;

  return (
    <ImagePicker
      id={id}
      label={label}
      hint={hint}
      error={uploadError ?? error}
      optional={optional}
      value={file}
      currentUrl={shownUrl}
      progress={progress}
      onRemoveCurrent={optional ? () => onChange('') : undefined}
      onChange={(chosen) => {
        setFile(chosen);
        if (chosen) {
          void send(chosen);
        } else {
          // "Hapus gambar yang dipilih": back to the image the form opened with.
          stop();
          setUploadError(null);
          onChange(initial);
        }
      }}
    />
  );
}
