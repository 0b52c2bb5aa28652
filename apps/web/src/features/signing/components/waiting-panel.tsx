import { Link } from 'react-router';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { useSigningMe } from '../../../api/signing.ts';

/**
 * The first thing a signer sees after signing in (the dashboard's top): "Menunggu tanda tangan
 * Anda: N surat", linking to the queue. Nothing for anyone who cannot sign now or has nothing
 * waiting.
 */
export function SigningWaitingPanel() {
  const { me } = useSigningMe();
  if (!me?.can_sign || me.waiting <= 0) return null;
  return (
    <section
      aria-labelledby="menunggu-ttd"
      className="mb-6 rounded-lg border-2 border-violet-700 bg-violet-50 p-4 sm:p-5"
    >
      <h2 id="menunggu-ttd" className="text-xl font-bold text-slate-900 sm:text-2xl">
        Menunggu tanda tangan Anda: {me.waiting} surat
      </h2>
      <p className="mt-1 text-slate-800">
        {me.signs_on_behalf
          ? 'Kepala Desa sedang berhalangan; Anda menandatangani a.n. Kepala Desa.'
          : 'Surat yang sudah diperiksa petugas dan menunggu persetujuan Anda.'}
      </p>
      <Link
        to={adminPaths.signing}
        className="mt-3 inline-flex min-h-12 w-full items-center justify-center rounded-md bg-violet-800 px-5 py-2 text-center text-lg font-semibold leading-snug text-white hover:bg-violet-900 sm:w-auto"
      >
        Periksa dan tanda tangani
      </Link>
    </section>
  );
}
