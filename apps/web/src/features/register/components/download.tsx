import { useDownload } from '../../../api/download.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadStatus } from '../../../components/ui/download-status.tsx';

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
  const { busy, error, done, run } = useDownload();

  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      {files.map((file, i) => (
        <Button
          key={file.key}
          variant={i === 0 ? 'filled' : 'outlined'}
          size="sm"
          loading={busy === file.key}
          disabled={busy !== null}
          onClick={() => void run(file.key, file.path, file.fileName)}
        >
          {file.label}
        </Button>
      ))}
      <DownloadStatus busy={busy} error={error} done={done} />
    </div>
  );
}
