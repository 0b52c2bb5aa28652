import { useEffect, useState } from 'react';
import { LoadingBlock } from '../../../components/ui/load-state.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useBlobUrl } from '../../../lib/use-blob-url.ts';
import { signingFailure } from './signing-errors.ts';
import { fetchPreview } from '../../../api/signing.ts';

/** From this width (Tailwind's lg) the PDF shows in the page; below it, phones do not show a PDF in a frame. */
export const WIDE_SCREEN = '(min-width: 1024px)';

export function useWideScreen() {
  const [wide, setWide] = useState(() => window.matchMedia?.(WIDE_SCREEN).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(WIDE_SCREEN);
    if (!query) return;
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/**
 * The letter's draft preview (the PDF at `preview_url`, fetched through the session): in the
 * page on a wide screen, as the desk's review shows it; on a phone, where a PDF in a frame does
 * not show, a big "Buka pratinjau surat" that opens it. Showing it or opening it marks the
 * letter as looked at (`onViewed`).
 */
export function LetterPreview({
  previewUrl,
  title,
  viewed,
  onViewed,
  buttonRef,
  downloadName,
}: {
  previewUrl: string;
  title: string;
  /** The file name when the phone saves the draft instead of opening it. */
  downloadName: string;
  viewed: boolean;
  onViewed: () => void;
  buttonRef?: React.Ref<HTMLAnchorElement>;
}) {
  const wide = useWideScreen();
  const { url, failure } = useBlobUrl(previewUrl, () => fetchPreview(previewUrl), signingFailure);

  if (failure) {
    return (
      <p role="alert" className="border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
        Pratinjau tidak dapat dibuat: {failure}
      </p>
    );
  }
  if (!url) return <LoadingBlock label="Menyiapkan pratinjau…" />;
  return (
    <>
      {wide && (
        <iframe
          src={url}
          title={title}
          onLoad={onViewed}
          className="mb-3 h-[75vh] w-full rounded border border-slate-300"
        />
      )}
      <a
        ref={buttonRef}
        href={url}
        target="_blank"
        rel="noreferrer"
        onClick={onViewed}
        className={buttonClasses({
          variant: wide ? 'outlined' : 'filled',
          block: !wide,
          className: wide ? '' : 'min-h-14 text-lg',
        })}
      >
        {wide ? 'Buka pratinjau di tab baru' : 'Buka pratinjau surat'}
      </a>
      {!wide && (
        // Some phones open a PDF only from their downloads: the same draft, saved.
        <p className="mt-2 text-center">
          <a
            href={url}
            download={downloadName}
            onClick={onViewed}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
          >
            Unduh pratinjau (PDF)
          </a>
        </p>
      )}
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        {viewed
          ? 'Pratinjau sudah Anda buka.'
          : 'Draf tanpa nomor; nomor diberikan saat Anda menyetujuinya.'}
      </p>
    </>
  );
}
