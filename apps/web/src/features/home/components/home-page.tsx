import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { fullAddress, useSettings } from '../../../lib/settings.ts';

const STEPS = [
  {
    title: 'Masuk ke akun Anda',
    text: 'Gunakan e-mail dan kata sandi yang diberikan kantor desa.',
  },
  {
    title: 'Ajukan surat',
    text: 'Pilih jenis surat di halaman Layanan, lalu isi formulirnya.',
  },
  {
    title: 'Unduh surat yang sudah jadi',
    text: 'Ikuti status permohonan dan unduh suratnya saat sudah selesai.',
  },
];

/** Beranda: the village's welcome and the way to its services. */
export function HomePage() {
  const { settings } = useSettings();
  const { isAuthenticated } = useAuth();
  const village = settings?.village_name;
  usePageMeta(
    'Beranda',
    village
      ? `Situs resmi Pemerintah Desa ${village}: profil desa dan layanan surat secara daring.`
      : 'Situs resmi pemerintah desa: profil desa dan layanan surat secara daring.',
  );
  const address = fullAddress(settings);

  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-brand-900 sm:text-5xl">
            {village ? `Selamat datang di Desa ${village}` : 'Selamat datang'}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-800">
            Urus surat keterangan dan surat pengantar dari rumah: ajukan secara daring, pantau
            prosesnya, dan unduh suratnya begitu selesai.
          </p>
          {address && <p className="mt-2 max-w-2xl text-slate-700">{address}</p>}
          <div className="mt-8 flex flex-wrap gap-3">
            <Button href={paths.service}>Lihat Layanan</Button>
            {isAuthenticated ? (
              <Button href={paths.profile.root} variant="outlined">
                Profil Saya
              </Button>
            ) : (
              <Button href={paths.auth.login()} variant="outlined">
                Masuk
              </Button>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="cara-mengajukan" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="cara-mengajukan" className="text-2xl font-bold text-slate-900">
          Cara mengajukan surat
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-slate-200 p-5">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-brand-800 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
