import { PERSON_LABELS } from '@balai/domain';
import type { ImportProblem, RegisterImportResult } from '@balai/domain/contract';
import { useState } from 'react';
import { importProblemsFile } from '../../../api/register.ts';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { saveBlob } from '../../../api/download.ts';

const nf = new Intl.NumberFormat('id-ID');
/** How many problems of each kind the screen lists; the spreadsheet has them all. */
export const PROBLEMS_SHOWN = 20;

const FORMATS: Record<RegisterImportResult['format'], string> = {
  opensid: 'format OpenSID',
  balai: 'templat Balai',
  csv: 'CSV',
};

const PROBLEM_COLUMNS: readonly DataColumn<ImportProblem>[] = [
  { key: 'row', header: 'Baris', numeric: true, rowHeader: true, cell: (p) => p.row },
  {
    key: 'column',
    header: 'Kolom',
    // The register's field by its label ("Agama"); a column of the file it does not know as is.
    cell: (p) => PERSON_LABELS[p.column] ?? p.column,
  },
  { key: 'message', header: 'Masalah', cell: (p) => p.message },
];

/** The figures of a check or an import, as label and number. */
export function summaryFigures(r: RegisterImportResult): [string, number][] {
  return [
    ['Baris data', r.rows],
    ['Baris dapat diambil', r.valid_rows],
    ['Baris ditolak', r.error_rows],
    [r.committed ? 'Orang ditambahkan' : 'Orang baru', r.added],
    [r.committed ? 'Orang diperbarui' : 'Orang sudah ada (diperbarui)', r.updated],
    ['Keluarga', r.families],
    ['Wilayah baru', r.areas_created],
    ['Kesalahan', r.error_count],
    ['Peringatan', r.warning_count],
  ];
}

function Problems({
  title,
  problems,
  total,
  tone,
}: {
  title: string;
  problems: readonly ImportProblem[];
  total: number;
  tone: 'error' | 'warning';
}) {
  if (total === 0) return null;
  const shown = problems.slice(0, PROBLEMS_SHOWN);
  return (
    <div className="mt-6">
      <h3 className={`text-lg font-bold ${tone === 'error' ? 'text-red-800' : 'text-amber-900'}`}>
        {title} ({nf.format(total)})
      </h3>
      <p className="mb-2 text-sm text-slate-700">
        {shown.length < total
          ? `${shown.length} yang pertama; semuanya ada di berkas masalah.`
          : 'Nomor baris seperti di lembar kerja (baris 1 = judul kolom).'}
      </p>
      <DataTable
        caption={`${title}, ${shown.length} dari ${total}`}
        captionHidden
        columns={PROBLEM_COLUMNS}
        rows={shown}
        rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
      />
    </div>
  );
}

/**
 * The check's answer: the counts, the first errors and warnings with their row and column, all
 * problems as a spreadsheet, and "Simpan" to take the valid rows (errors are left out, warnings
 * taken as they are).
 */
export function ImportSummary({
  result,
  file,
  busy,
  onCommit,
}: {
  result: RegisterImportResult;
  file: File;
  busy: boolean;
  onCommit: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const problems = result.error_count + result.warning_count;

  async function downloadProblems() {
    setDownloading(true);
    setDownloadError(null);
    try {
      saveBlob(
        await importProblemsFile(file),
        `masalah-impor-${file.name.replace(/\.\w+$/, '')}.xlsx`,
      );
    } catch (e) {
      setDownloadError(errorMessage(e));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section
      aria-labelledby="ringkasan"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="ringkasan" tabIndex={-1} className="text-xl font-bold text-slate-900">
        2. Ringkasan pemeriksaan
      </h2>
      <p className="mt-1 text-slate-700">
        Sheet “{result.sheet}”, {FORMATS[result.format]}.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {summaryFigures(result).map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{nf.format(value)}</dd>
          </div>
        ))}
      </dl>

      <Problems
        title="Kesalahan"
        problems={result.errors}
        total={result.error_count}
        tone="error"
      />
      <Problems
        title="Peringatan"
        problems={result.warnings}
        total={result.warning_count}
        tone="warning"
      />

      {problems > 0 && (
        <div className="mt-4">
          <Button
            variant="outlined"
            size="sm"
            loading={downloading}
            onClick={() => void downloadProblems()}
          >
            Unduh semua masalah (XLSX)
          </Button>
          {downloadError && (
            <p role="alert" className="mt-2 border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
              {downloadError}
            </p>
          )}
        </div>
      )}

      {!result.committed && (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h2 className="text-xl font-bold text-slate-900">3. Simpan</h2>
          {result.valid_rows > 0 ? (
            <>
              <p className="mt-1 text-slate-800">
                {nf.format(result.valid_rows)} baris akan disimpan
                {result.error_rows > 0 &&
                  `; ${nf.format(result.error_rows)} baris dengan kesalahan dilewati`}
                . Impor tidak dihitung sebagai penduduk datang.
              </p>
              <Button className="mt-3" onClick={onCommit} loading={busy} disabled={busy}>
                Simpan
              </Button>
            </>
          ) : (
            <p className="mt-1 font-semibold text-red-800">
              Tidak ada baris yang dapat disimpan. Perbaiki berkas, lalu periksa lagi.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
