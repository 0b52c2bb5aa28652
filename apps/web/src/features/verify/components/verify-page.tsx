import { formatDateTimeId } from '@balai/domain';
import { useParams } from 'react-router';
import useSWR from 'swr';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { httpStatus } from '../../../lib/http-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { apiPaths, paths } from '../../../lib/paths.ts';

/** What `GET /api/verify/{token}` proves about an issued letter. */
export interface VerifiedLetter {
  number: string;
  type: { code: string; title: string };
  issued_at: string;
  /** The holder's name, partly hidden. */
  holder: string;
  sha256: string;
  /** Who approved and signed it (issue 15); null for letters issued without approval. */
  signature?: {
    name: string;
    position: string;
    position_label: string;
    on_behalf: boolean;
    on_behalf_label: string | null;
    signed_at: string;
  } | null;
}

/** "Sekretaris Desa, a.n. Kepala Desa" or "Kepala Desa". */
export function signerPosition(s: NonNullable<VerifiedLetter['signature']>): string {
  return s.on_behalf
    ? `${s.position_label}, ${s.on_behalf_label ?? 'a.n. Kepala Desa'}`
    : s.position_label;
}

/** /verify/{token}: the page a letter's QR code opens, saying whether the letter is genuine. */
export function VerifyPage() {
  const { token = '' } = useParams();
  const { data, error, isLoading, mutate } = useSWR<{ data: VerifiedLetter }>(
    apiPaths.verify(token),
    // A 404 is an answer, not a hiccup: do not retry it.
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  const notFound = !!error && httpStatus(error) === 404;
  const letter = data?.data;
  usePageMeta(
    letter ? 'Surat asli' : notFound ? 'Surat tidak ditemukan' : 'Cek keaslian surat',
    'Periksa keaslian surat yang diterbitkan pemerintah desa.',
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <p className="font-semibold text-brand-800">Cek keaslian surat</p>
      {letter ? (
        <>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">Surat ini asli</h1>
          <div className="mt-4 rounded-md border-l-8 border-brand-700 bg-brand-50 p-4 text-lg text-slate-900">
            Surat dengan nomor di bawah ini benar diterbitkan oleh pemerintah desa dan tercatat di
            sistem kami. Cocokkan isinya dengan surat yang Anda pegang.
          </div>
          <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
            <Row label="Nomor surat" value={letter.number} />
            <Row label="Jenis surat" value={letter.type.title} />
            {/* In village time (WIB), whatever the clock of the phone that scanned the QR. */}
            <Row label="Tanggal terbit" value={formatDateTimeId(letter.issued_at)} />
            <Row label="Pemegang surat" value={letter.holder} />
            {letter.signature && (
              <>
                <Row label="Ditandatangani oleh" value={letter.signature.name} />
                <Row label="Jabatan" value={signerPosition(letter.signature)} />
                <Row
                  label="Waktu tanda tangan"
                  value={formatDateTimeId(letter.signature.signed_at)}
                />
              </>
            )}
            <Row label="Sidik jari dokumen (SHA-256)" value={letter.sha256} mono />
          </dl>
          {letter.signature && (
            <p className="mt-4 text-slate-800">
              Surat ini disetujui dan ditandatangani secara elektronik oleh{' '}
              <strong>{letter.signature.name}</strong> ({signerPosition(letter.signature)}) pada{' '}
              {formatDateTimeId(letter.signature.signed_at)}.
            </p>
          )}
          <p className="mt-4 text-slate-700">
            Sidik jari dokumen berubah bila isi berkas PDF diubah sedikit pun.
          </p>
        </>
      ) : notFound ? (
        <>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">Surat tidak ditemukan</h1>
          <div className="mt-4 rounded-md border-l-8 border-red-700 bg-red-50 p-4 text-lg text-red-950">
            Tidak ada surat terbitan desa dengan kode ini. Surat tersebut mungkin tidak asli, atau
            alamatnya salah ketik.
          </div>
          <p className="mt-4 text-lg text-slate-800">
            Pindai ulang kode QR pada surat, atau tanyakan langsung ke kantor desa.
          </p>
          <Button href={paths.home} variant="outlined" className="mt-6">
            Kembali ke Beranda
          </Button>
        </>
      ) : (
        <>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">
            {error ? 'Surat belum dapat diperiksa' : 'Memeriksa surat…'}
          </h1>
          <div className="mt-6">
            {error ? (
              <ErrorBlock error={error} onRetry={() => void mutate()} />
            ) : (
              isLoading && <LoadingBlock label="Memeriksa surat…" />
            )}
          </div>
        </>
      )}
    </div>
  );
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd
        className={`mt-1 text-slate-900 sm:col-span-2 sm:mt-0 ${mono ? 'break-all font-mono text-sm' : ''}`}
      >
        {value}
      </dd>
    </div>
  );
}
