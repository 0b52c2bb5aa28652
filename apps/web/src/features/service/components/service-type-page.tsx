import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock, ErrorBlock } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useLetterTypes } from '../../../lib/letter-types.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { letterTypeName, Requirements } from './requirements.tsx';

/**
 * /service/{type}: what the letter is for and what to bring. Signed out, the way to sign in that
 * comes back here; signed in, the request form and the resident's own requests of this type.
 */
export function ServiceTypePage({
  signedIn,
  step = 'form',
}: {
  /** What a signed-in visitor gets instead of the way to sign in (the app puts the form here). */
  signedIn?: (code: string) => ReactNode;
  /** 'check': the request's check-your-answers step; the requirements are not repeated there. */
  step?: 'form' | 'check';
}) {
  const { type: code = '' } = useParams();
  const { types, error, isLoading, retry } = useLetterTypes();
  const { isAuthenticated } = useAuth();
  const type = types?.find((t) => t.code === code);
  usePageMeta(
    type
      ? step === 'check'
        ? `Periksa jawaban: ${letterTypeName(type)}`
        : letterTypeName(type)
      : types
        ? 'Layanan tidak ditemukan'
        : 'Layanan',
    type?.description,
  );

  if (error && !types) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Layanan</h1>
        <div className="mt-6">
          <ErrorBlock error={error} onRetry={retry} />
        </div>
      </div>
    );
  }
  if (isLoading || !types) return <LoadingBlock />;
  if (!type) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Layanan tidak ditemukan</h1>
        <p className="mt-4 text-lg text-slate-700">
          Tidak ada layanan surat dengan kode “{code}”. Pilih surat dari daftar layanan.
        </p>
        <Button href={paths.service} className="mt-6">
          Lihat semua layanan
        </Button>
      </div>
    );
  }

  const here = paths.serviceType(type.code);
  return (
    <>
      <PageHeader title={letterTypeName(type)} lead={type.description} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <nav aria-label="Remah roti" className="text-sm">
          <Link to={paths.service} className="text-brand-800 underline underline-offset-4">
            Semua layanan
          </Link>
        </nav>
        {type.service_days !== undefined && (
          <p className="mt-6 text-lg text-slate-800">
            <span className="font-semibold">Lama layanan:</span> {type.service_days} hari kerja
            setelah permohonan lengkap diterima.
          </p>
        )}
        {(step === 'form' || !isAuthenticated) && (
          <Requirements items={type.requirements} headingLevel={2} />
        )}
        {isAuthenticated && signedIn ? (
          signedIn(type.code)
        ) : (
          <>
            <h2 className="mt-8 text-2xl font-bold text-slate-900">Ajukan surat</h2>
            <p className="mt-2 text-lg text-slate-800">
              Untuk mengajukan surat ini, masuk dulu ke akun Anda. Setelah masuk, Anda kembali ke
              halaman ini.
            </p>
            <Button href={paths.auth.login(here)} className="mt-4">
              Masuk untuk mengajukan
            </Button>
          </>
        )}
      </div>
    </>
  );
}
