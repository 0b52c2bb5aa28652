import { formatDateTimeId, requestReference } from '@balai/domain';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { httpStatus } from '../../../lib/http-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { DownloadButton } from './download-button.tsx';
import { usePdfHistory } from '../../../api/letters.ts';

/** /profile/letter-history/{id}: one issued letter — its number, date, download and proof. */
export function LetterHistoryDetailPage() {
  const { id = '' } = useParams();
  const validId = /^[1-9]\d{0,15}$/.test(id);
  const { history, error, isLoading, retry } = usePdfHistory(validId ? id : null);
  usePageMeta(history ? `${history.letter_title} ${history.number}` : 'Surat terbit');

  if (!validId || (error !== undefined && httpStatus(error) === 404)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Surat tidak ditemukan</h1>
        <p className="mt-4 text-lg text-slate-800">Surat ini tidak ada dalam riwayat surat Anda.</p>
        <Button href={paths.profile.letterHistory} className="mt-6">
          Kembali ke Riwayat Surat
        </Button>
      </div>
    );
  }
  if (error && !history) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Surat terbit</h1>
        <div className="mt-6">
          <ErrorBlock error={error} onRetry={retry} />
        </div>
      </div>
    );
  }
  if (isLoading || !history) return <LoadingBlock />;

  const rows: [string, string][] = [
    ['Nomor surat', history.number],
    ['Atas nama', history.applicant_name],
    ['Diterbitkan', formatDateTimeId(history.issued_at)],
    ['Permohonan', requestReference(history.type, history.letter_request_id)],
    ['Sidik jari dokumen (SHA-256)', history.sha256],
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <nav aria-label="Remah roti" className="text-sm">
        <Link
          to={paths.profile.letterHistory}
          className="text-brand-800 underline underline-offset-4"
        >
          Riwayat Surat
        </Link>
      </nav>
      {/* The letter's name as the heading; its number (which breaks anywhere at 375 px) below. */}
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{history.letter_title}</h1>
      <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="font-semibold text-slate-900">{label}</dt>
            <dd className="mt-1 break-all text-slate-900 sm:col-span-2 sm:mt-0">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <DownloadButton url={history.download_url} fileName={history.file_name} />
        <Link
          to={new URL(history.verify_url).pathname}
          className="font-semibold text-brand-800 underline underline-offset-4"
        >
          Cek keaslian surat
        </Link>
        <Link
          to={paths.serviceRequest(history.type, history.letter_request_id)}
          className="font-semibold text-brand-800 underline underline-offset-4"
        >
          Lihat permohonan
        </Link>
      </div>
      <p className="mt-4 text-sm text-slate-700">
        Setiap unduhan memberikan berkas yang sama persis; sidik jari dokumennya dapat dicocokkan
        pada halaman cek keaslian.
      </p>
    </div>
  );
}
