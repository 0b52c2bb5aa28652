import type { RegisterImportResult } from '@balai/domain/contract';
import { useId, useRef, useState } from 'react';
import { importFile, refreshRegister, registerApi } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import { DownloadButtons } from './download.tsx';
import { SendProgress, phaseFromShare, type SendPhase } from './file-send.tsx';
import { ImportSummary } from './import-summary.tsx';

/** What the picker takes: OpenSID's or Balai's spreadsheet, or a CSV. */
const ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** "data.xlsx (1,2 MB)". */
export function fileLabel(file: File): string {
  const kb = file.size / 1024;
  const size =
    kb < 1024
      ? `${Math.max(1, Math.round(kb))} KB`
      : `${(kb / 1024).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB`;
  return `${file.name} (${size})`;
}

/**
 * `/admin/register/import` (Impor): a village's population file (OpenSID's "Data Penduduk" or
 * Balai's template) checked first — a dry run that writes nothing and lists every row's errors
 * and warnings — and only then, with "Simpan", committed in one transaction. A progress bar
 * shows the file going up and the server checking it.
 */
export default function ImportPage() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<SendPhase>({ step: 'idle' });
  const [checked, setChecked] = useState<RegisterImportResult | null>(null);
  const [saved, setSaved] = useState<RegisterImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = phase.step === 'sending' || phase.step === 'checking';

  async function send(dryRun: boolean) {
    if (!file) {
      setFailure('Pilih berkas .xlsx atau .csv lebih dulu.');
      inputRef.current?.focus();
      return;
    }
    setFailure(null);
    setPhase({ step: 'sending', share: 0 });
    try {
      const result = await importFile(file, dryRun, {
        onProgress: (share) => setPhase(phaseFromShare(share)),
      });
      if (dryRun) setChecked(result);
      else {
        setSaved(result);
        await refreshRegister();
      }
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setPhase({ step: 'done' });
    }
  }

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    setSaved(null);
    setFailure(null);
    setPhase({ step: 'idle' });
  };

  return (
    <AdminPage
      title="Impor Penduduk"
      breadcrumbs={[{ label: 'Kependudukan' }, { label: 'Impor' }]}
      lead="Dari berkas OpenSID (sheet Data Penduduk) atau templat Balai. Berkas diperiksa dulu; tidak ada yang disimpan sebelum Anda menekan Simpan."
    >
      <div className="space-y-6">
        <section
          className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
          aria-labelledby={`${id}-pick`}
        >
          <h2 id={`${id}-pick`} className="text-xl font-bold text-slate-900">
            1. Pilih berkas
          </h2>
          <label htmlFor={`${id}-file`} className="mt-3 block font-semibold text-slate-900">
            Berkas data penduduk
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            .xlsx atau .csv. Kolom dibaca menurut namanya; kode boleh angka atau teks.
          </p>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            aria-describedby={`${id}-hint`}
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="mt-2 block w-full max-w-md text-base file:mr-3 file:min-h-11 file:rounded-md file:border-2 file:border-brand-800 file:bg-white file:px-3 file:font-semibold file:text-brand-800"
          />
          {file && <p className="mt-2 text-slate-800">Dipilih: {fileLabel(file)}</p>}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              onClick={() => void send(true)}
              loading={busy && !checked}
              disabled={busy || !!saved}
            >
              Periksa berkas
            </Button>
          </div>
          <SendProgress id={`${id}-progress`} phase={phase} checking="Memeriksa isi berkas…" />
          {failure && (
            <p role="alert" className="mt-4 border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
              {failure}
            </p>
          )}
          <div className="mt-6 border-t border-slate-200 pt-4">
            <p className="mb-2 text-slate-800">Belum punya berkas? Isi templat Balai:</p>
            <DownloadButtons
              label="Unduh templat impor"
              files={[
                {
                  key: 'template',
                  label: 'Unduh templat',
                  path: registerApi.template,
                  fileName: 'templat-penduduk.xlsx',
                },
              ]}
            />
          </div>
        </section>

        {checked && file && (
          <ImportSummary
            result={saved ?? checked}
            file={file}
            busy={busy}
            onCommit={() => void send(false)}
          />
        )}
        {saved && (
          <div
            role="status"
            className="rounded-lg border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950"
          >
            <p className="text-lg font-bold">Data penduduk disimpan.</p>
            <p>
              {saved.added} orang ditambahkan, {saved.updated} diperbarui, {saved.families}{' '}
              keluarga.
              {saved.error_rows > 0 && ` ${saved.error_rows} baris bermasalah tidak diambil.`}
            </p>
            <Button href={adminPaths.register.persons()} className="mt-3">
              Lihat daftar penduduk
            </Button>
          </div>
        )}
      </div>
    </AdminPage>
  );
}
