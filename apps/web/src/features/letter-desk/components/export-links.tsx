import { todayIso, type LetterCode } from '@balai/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadStatus } from '../../../components/ui/download-status.tsx';
import { useDownload } from '../../../api/download.ts';

/**
 * Downloads for the office (issue 12.5, docs/letters.md "Export"): the filtered queue as CSV or
 * Excel, and the register of outgoing letters (buku agenda surat keluar) of a period as Excel or
 * PDF. The files come through the session (`api.download`), never as public links.
 */

/** The list filters an export takes (the queue's query: page and per_page are left out). */
export interface QueueFilters {
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  sort?: string | undefined;
}

/** `/letter-requests/export?format=…&…`: the same filters as the list, every row, not a page. */
export function queueExportPath(
  format: 'csv' | 'xlsx',
  type: LetterCode | undefined,
  filters: QueueFilters,
): string {
  const q = new URLSearchParams({ format });
  if (type) q.set('type', type);
  for (const key of ['status', 'from', 'to', 'search', 'sort'] as const) {
    const v = filters[key];
    if (v !== undefined && v !== '') q.set(key, v);
  }
  return `/letter-requests/export?${q.toString()}`;
}

/** `/letter-register?from=…&to=…&format=…`. */
export function registerPath(format: 'xlsx' | 'pdf', from: string, to: string): string {
  return `/letter-register?${new URLSearchParams({ from, to, format }).toString()}`;
}

/**
 * "Unduh CSV" and "Unduh Excel" for the queue as it is filtered now: every matching request
 * (at most 100,000), in the list's order.
 */
export function QueueExportLinks({
  type,
  filters,
}: {
  type?: LetterCode | undefined;
  filters: QueueFilters;
}) {
  const { busy, error, done, run } = useDownload();
  const stem = `permohonan-surat${type ? `-${type}` : ''}-${todayIso()}`;
  return (
    <div
      role="group"
      aria-label="Unduh daftar permohonan"
      className="flex flex-wrap items-center gap-2"
    >
      <Button
        variant="outlined"
        size="sm"
        loading={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => void run('csv', queueExportPath('csv', type, filters), `${stem}.csv`)}
      >
        Unduh CSV
      </Button>
      <Button
        variant="outlined"
        size="sm"
        loading={busy === 'xlsx'}
        disabled={busy !== null}
        onClick={() => void run('xlsx', queueExportPath('xlsx', type, filters), `${stem}.xlsx`)}
      >
        Unduh Excel
      </Button>
      <DownloadStatus busy={busy} error={error} done={done} />
    </div>
  );
}

/** The first day of this month, in village time. */
const monthStart = (today: string) => `${today.slice(0, 8)}01`;

/**
 * The register of outgoing letters: a period (this month so far unless changed, at most a
 * year) and "Unduh Excel" / "Unduh PDF".
 */
export function LetterRegisterExport() {
  const today = todayIso();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy, error, done, run } = useDownload();
  const id = useId();

  const download = (format: 'xlsx' | 'pdf') => (event?: FormEvent) => {
    event?.preventDefault();
    if (!from || !to) {
      setInvalid('Isi tanggal awal dan tanggal akhir.');
      return;
    }
    if (to < from) {
      setInvalid('Tanggal akhir tidak boleh sebelum tanggal awal.');
      return;
    }
    setInvalid(null);
    void run(
      format,
      registerPath(format, from, to),
      `buku-agenda-surat-keluar-${from}-sd-${to}.${format}`,
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Buku Agenda Surat Keluar
      </h2>
      <p className="mb-3 text-slate-700">
        Surat yang terbit dalam satu periode (paling lama satu tahun): nomor, tanggal, jenis,
        pemohon dan keperluan.
      </p>
      <form onSubmit={download('pdf')} className="flex flex-wrap items-end gap-3" noValidate>
        <div>
          <label htmlFor={`${id}-from`} className="mb-1 block font-semibold text-slate-900">
            Dari tanggal
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
            className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="mb-1 block font-semibold text-slate-900">
            Sampai tanggal
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
            className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
          />
        </div>
        <Button
          type="button"
          variant="outlined"
          loading={busy === 'xlsx'}
          disabled={busy !== null}
          onClick={() => download('xlsx')()}
        >
          Unduh Excel
        </Button>
        <Button type="submit" loading={busy === 'pdf'} disabled={busy !== null}>
          Unduh PDF
        </Button>
        {invalid && (
          <p
            role="alert"
            className="basis-full border-l-4 border-red-700 bg-red-50 p-3 text-red-900"
          >
            {invalid}
          </p>
        )}
        <DownloadStatus busy={busy} error={error} done={done} />
      </form>
    </section>
  );
}
