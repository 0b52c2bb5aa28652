import { requestReference, toBringToOffice, type LetterType } from '@balai/domain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useAttachments } from '../../../api/attachments.ts';

/**
 * The end of a request, on top of its page (/service/{type}/{id}?terkirim=1): its reference,
 * what happens next and where to follow it. Reloading it shows it again.
 */
export function Confirmation({
  type,
  request,
}: {
  type: LetterType;
  request: { id: number; attachments?: readonly { requirement: string }[] };
}) {
  const reference = requestReference(type.code, request.id);
  // What the office still needs on paper: what is only handed in there, and what no photo was
  // sent of (kept up to date as photos are added on this page: the same list the checklist reads).
  const { attachments } = useAttachments({
    kind: 'request',
    base: type.base,
    requestId: request.id,
  });
  const toBring = toBringToOffice(
    type,
    (attachments ?? request.attachments ?? []).map((a) => a.requirement),
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="permohonan-terkirim" className="mt-8">
      <div className="rounded-md bg-emerald-800 p-6 text-center text-white">
        <h2 id="permohonan-terkirim" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
          Permohonan terkirim
        </h2>
        <p className="mt-3 text-lg">
          Nomor permohonan Anda
          <br />
          <strong className="text-2xl tracking-wide">{reference}</strong>
        </p>
      </div>
      <h3 className="mt-6 text-xl font-bold text-slate-900">Dokumen yang dibawa ke kantor desa</h3>
      {toBring.length > 0 ? (
        <>
          <p className="mt-2 text-lg text-slate-900">
            Bawa dokumen berikut ke kantor desa agar petugas dapat memeriksanya sebelum surat
            diterbitkan:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-lg text-slate-900">
            {toBring.map((r) => (
              <li key={r.key}>{r.label}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-lg text-slate-900">
          Tidak ada. Semua persyaratan sudah Anda lampirkan sebagai foto.
        </p>
      )}
      <h3 className="mt-6 text-xl font-bold text-slate-900">Apa selanjutnya</h3>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-lg text-slate-900">
        <li>Petugas desa memeriksa permohonan Anda.</li>
        <li>
          Setiap perubahan status dikirim sebagai notifikasi. Jika ada data yang perlu dilengkapi,
          petugas menuliskan catatannya dan Anda dapat memperbaiki permohonan.
        </li>
        <li>
          Setelah surat terbit, unduh PDF-nya dari halaman permohonan. Surat dapat dicek keasliannya
          melalui kode QR — tidak perlu datang ke kantor desa untuk mengambilnya.
        </li>
      </ol>
      <p className="mt-4 text-lg text-slate-900">
        Status dan riwayat permohonan ini ada di bawah; semua permohonan Anda ada di{' '}
        <Link
          to={paths.profile.letterHistory}
          className="text-brand-800 underline underline-offset-4"
        >
          Riwayat Surat
        </Link>
        .
      </p>
    </section>
  );
}
