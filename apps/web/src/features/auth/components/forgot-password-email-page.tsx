import { Link, useLocation } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthPage } from './auth-page.tsx';

/** /auth/forgot-password/email: the "check your e-mail" step. */
export function ForgotPasswordEmailPage() {
  usePageMeta('Periksa e-mail Anda');
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;

  return (
    <AuthPage title="Periksa e-mail Anda">
      <div className="space-y-4 text-lg text-slate-800">
        <p>
          {typeof email === 'string' && email ? (
            <>
              Jika <strong className="break-all">{email}</strong> terdaftar, kami telah mengirim
              tautan untuk membuat kata sandi baru ke alamat itu.
            </>
          ) : (
            'Jika e-mail Anda terdaftar, kami telah mengirim tautan untuk membuat kata sandi baru.'
          )}
        </p>
        <p>Tautan itu berlaku 60 menit dan hanya dapat dipakai sekali.</p>
        <p>Tidak ada e-mail masuk? Periksa folder spam, atau tunggu beberapa menit.</p>
      </div>
      <ul className="mt-8 space-y-2">
        <li>
          <Link
            to={paths.auth.forgotPassword}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            Kirim ulang tautan
          </Link>
        </li>
        <li>
          <Link
            to={paths.auth.login()}
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            Kembali ke halaman masuk
          </Link>
        </li>
      </ul>
    </AuthPage>
  );
}
