import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { downloadPdf } from '../../../api/download.ts';

/** Downloads an issued letter's PDF through the session; a failure says why in a toast. */
export function DownloadButton({
  url,
  fileName,
  label = 'Unduh surat (PDF)',
  which,
  variant,
  size,
}: {
  url: string;
  fileName: string;
  label?: string;
  /** Read after the label by screen readers where several are listed ("KU-000042"). */
  which?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadPdf(url, fileName);
    } catch (error) {
      toast.error(errorMessage(error), { title: 'Surat tidak dapat diunduh' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button onClick={() => void download()} loading={busy} variant={variant} size={size}>
      {label}
      {which && <span className="sr-only"> {which}</span>}
    </Button>
  );
}
