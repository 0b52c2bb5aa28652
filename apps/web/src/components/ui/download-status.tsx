/** What a download (`useDownload`) is doing, said aloud, and its failure in words. */
export function DownloadStatus({
  busy,
  error,
  done,
}: {
  busy: string | null;
  error: string | null;
  done: string | null;
}) {
  return (
    <>
      <p aria-live="polite" className="basis-full text-sm text-slate-700">
        {busy ? 'Menyiapkan berkas…' : (done ?? '')}
      </p>
      {error && (
        <p role="alert" className="basis-full border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      )}
    </>
  );
}
