import { useState } from 'react';
import { saveBlob } from '../../../api/download.ts';
import { Button } from '../../../components/ui/button.tsx';
import { api, errorMessage } from '../../../lib/http-client.ts';

/** One file to offer: its button text, the API path (relative to `/api`) and a fallback name. */
export interface DownloadFile {
  key: string;
  label: string;
  path: string;
  fileName: string;
}

/**
 * Download buttons for files behind the session (the register's exports are audited and never
 * public links): one at a time, what is happening said aloud, a failure said in words.
 */
export function DownloadButtons({
  files,
  label,
}: {
  files: readonly DownloadFile[];
  label: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(file: DownloadFile) {
    setBusy(file.key);
    setError(null);
    setDone(null);
    try {
      const { blob, fileName } = await api.download(file.path);
      const name = fileName ?? file.fileName;
      saveBlob(blob, name);
      setDone(`${name} diunduh.`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      {files.map((file, i) => (
        <Button
          key={file.key}
          variant={i === 0 ? 'filled' : 'outlined'}
          size="sm"
          loading={busy === file.key}
          disabled={busy !== null}
          onClick={() => void run(file)}
        >
          {file.label}
        </Button>
      ))}
      <p aria-live="polite" className="basis-full text-sm text-slate-700">
        {busy ? 'Menyiapkan berkas…' : (done ?? '')}
      </p>
      {error && (
        <p role="alert" className="basis-full border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      )}
    </div>
  );
}
