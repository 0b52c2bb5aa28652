import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';

/** When a screen fails to load or render: say so plainly and offer a reload and a way home. */
export function RouteError() {
  const error = useRouteError();
  usePageMeta('Terjadi kesalahan');
  const isChunkError =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  if (import.meta.env.DEV) console.error(error);

  return (
    <main id="konten" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">
        {isRouteErrorResponse(error) && error.status === 404
          ? 'Halaman tidak ditemukan'
          : 'Maaf, terjadi kesalahan'}
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        {isChunkError
          ? 'Situs baru saja diperbarui. Muat ulang halaman untuk memakai versi terbaru.'
          : 'Halaman ini tidak dapat ditampilkan. Coba muat ulang, atau kembali ke beranda.'}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>Muat ulang</Button>
        {/* A full page load: the router itself may be what failed. */}
        <a href={paths.home} className={buttonClasses({ variant: 'outlined' })}>
          Kembali ke Beranda
        </a>
      </div>
    </main>
  );
}
