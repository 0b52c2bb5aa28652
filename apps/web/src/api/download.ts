import { useState } from 'react';
import { api, errorMessage } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';

/** Saves a blob under a name, through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Downloads an issued letter's PDF: it comes through the session (PDFs are never public), then
 * the browser saves it under the server's file name (or the fallback). The one download helper
 * of the web (issue 20): residents' letters, the desk and the head's signing all use it.
 */
export async function downloadPdf(apiUrl: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await api.download(stripApi(apiUrl));
  saveBlob(blob, fileName ?? fallbackName);
}

/**
 * One download at a time through the session (the office's exports, the register's files):
 * which one is busy, the saved file's name once done, and what went wrong, said in words.
 * `run(key, path, fallbackName)` takes the API path relative to `/api`.
 */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  async function run(key: string, path: string, fallbackName: string) {
    setBusy(key);
    setError(null);
    setDone(null);
    try {
      const { blob, fileName } = await api.download(path);
      const name = fileName ?? fallbackName;
      saveBlob(blob, name);
      setDone(`${name} diunduh.`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, done, run };
}
