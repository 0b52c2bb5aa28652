import { Button } from '../../components/ui/button.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';

/** /404: where every unknown address lands, with a way home. */
export function NotFoundPage() {
  usePageMeta('Halaman tidak ditemukan', 'Halaman yang Anda cari tidak ditemukan.');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <p className="text-lg font-semibold text-brand-800">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">
        Halaman tidak ditemukan
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        Alamat yang Anda buka mungkin salah ketik, atau halamannya sudah dipindahkan atau dihapus.
      </p>
      <p className="mt-2 text-lg text-slate-700">
        Periksa kembali alamatnya, atau mulai lagi dari beranda.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button href={paths.home}>Kembali ke Beranda</Button>
        <Button href={paths.service} variant="outlined">
          Lihat layanan
        </Button>
      </div>
    </div>
  );
}
