import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import {
  imageSrcSet,
  useContentList,
  type Figure,
  type GalleryItem,
  type HomepageBenefit,
  type HomepageHeader,
} from '../../../lib/content.ts';
import { useLetterTypes } from '../../../lib/letter-types.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { governmentName, useSettings } from '../../../lib/settings.ts';
import { HeaderCarousel } from './header-carousel.tsx';
import { FigureList } from '../../../components/ui/figure-list.tsx';
import {
  asOfLine,
  registerFigures,
  useRegisterStatistics,
  villageFacts,
} from '../../../lib/register-figures.ts';

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

const sectionClass = 'mx-auto max-w-7xl px-4 py-12 sm:px-6';
const headingClass = 'text-2xl font-bold text-slate-900 sm:text-3xl';
const linkClass = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

/**
 * Beranda: the header slides, benefits, the services, key figures and a gallery preview; for a
 * signed-in resident, "Surat Anda" (`yourLetters`, composed in by the app) right below the header.
 */
export function HomePage({ yourLetters }: { yourLetters?: ReactNode } = {}) {
  const { settings } = useSettings();
  const village = settings?.village_name;
  usePageMeta(
    'Beranda',
    village
      ? `Situs resmi Pemerintah Desa ${village}: profil desa, galeri, dan layanan surat secara daring.`
      : 'Situs resmi pemerintah desa: profil desa, galeri, dan layanan surat secara daring.',
  );

  return (
    <>
      <h1 className="sr-only">Beranda {governmentName(settings)}</h1>
      <Header />
      {yourLetters}
      <Benefits />
      <Services />
      <KeyFigures />
      <GalleryPreview />
      <Steps />
    </>
  );
}

function Header() {
  const { items, error, isLoading } = useContentList<HomepageHeader>('homepage-headers', {
    active: 'true',
  });
  // Without slides the page still has its sections; the header is decoration, not content.
  if (error && !items) return null;
  if (isLoading || !items) {
    // Holds the slides' height so the page does not jump when they arrive.
    return <div aria-hidden="true" className="min-h-[26rem] bg-brand-900 lg:min-h-[32rem]" />;
  }
  if (items.length === 0) {
    return (
      <div className="bg-brand-50">
        <div className={sectionClass}>
          <p className="text-2xl font-bold text-brand-900">Selamat datang</p>
          <Button href={paths.service} className="mt-4">
            Lihat Layanan
          </Button>
        </div>
      </div>
    );
  }
  return <HeaderCarousel slides={items} />;
}

function Benefits() {
  const list = useContentList<HomepageBenefit>('homepage-benefits');
  return (
    <section aria-labelledby="manfaat" className={sectionClass}>
      <h2 id="manfaat" className={headingClass}>
        Manfaat layanan daring
      </h2>
      <div className="mt-6">
        <LoadState
          data={list.items}
          error={list.error}
          isLoading={list.isLoading}
          onRetry={list.retry}
          empty="Belum ada informasi manfaat."
        >
          {(items) => (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {items.map((item) => (
                <li
                  key={item.id}
                  className="flex gap-4 rounded-lg border border-slate-200 p-4 sm:block sm:p-5"
                >
                  {item.image_url && (
                    <img
                      src={item.image_url.thumb}
                      width={64}
                      height={64}
                      alt=""
                      loading="lazy"
                      className="size-12 shrink-0 sm:size-16"
                    />
                  )}
                  <div>
                    <h3 className="text-lg font-semibold text-slate-900 sm:mt-3">{item.title}</h3>
                    <p className="mt-1 text-slate-700">{item.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </div>
    </section>
  );
}

function Services() {
  const { types, error, isLoading, retry } = useLetterTypes();
  return (
    <section aria-labelledby="layanan-surat" className="bg-slate-50">
      <div className={sectionClass}>
        <h2 id="layanan-surat" className={headingClass}>
          Layanan Surat
        </h2>
        <p className="mt-2 max-w-2xl text-slate-700">
          Pilih surat yang Anda perlukan untuk melihat persyaratannya dan mengajukannya secara
          daring.
        </p>
        <div className="mt-6">
          <LoadState
            data={types}
            error={error}
            isLoading={isLoading}
            onRetry={retry}
            empty="Belum ada layanan surat."
          >
            {(items) => (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((type) => (
                  <li key={type.code}>
                    <Link
                      to={paths.serviceType(type.code)}
                      className="flex min-h-14 items-center rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-brand-800 hover:border-brand-700 hover:bg-brand-50"
                    >
                      {/* The formal name, as the service pages (issue 25), not the menu title. */}
                      {type.name ?? type.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </LoadState>
        </div>
        <p className="mt-6">
          <Link to={paths.service} className={linkClass}>
            Lihat persyaratan semua layanan
          </Link>
        </p>
      </div>
    </section>
  );
}

/**
 * "Desa dalam angka": the population figures are the register's when it holds people, with the
 * day they were counted, and the typed facts' dusun count agrees with them; the hand-typed
 * "Data Kependudukan" only for a village without a register (ADR 0023), as on Profil Desa.
 */
function KeyFigures() {
  const { statistics, pending } = useRegisterStatistics();
  const typed = useContentList<Figure>('population-infos');
  const village = useContentList<Figure>('village-infos');
  const population = statistics
    ? { ...typed, items: registerFigures(statistics), error: null, isLoading: false }
    : typed;
  return (
    <section aria-labelledby="angka-kunci" className={sectionClass}>
      <h2 id="angka-kunci" className={headingClass}>
        Desa dalam angka
      </h2>
      <div className="mt-6 space-y-3">
        {(
          [
            [population, 'Belum ada data kependudukan.'],
            [village, 'Belum ada data wilayah.'],
          ] as const
        ).map(([list, empty]) => (
          <LoadState
            key={empty}
            data={list.items}
            error={list.error}
            isLoading={list.isLoading || pending}
            onRetry={list.retry}
            empty={empty}
          >
            {(items) => <FigureList items={villageFacts(items, statistics).slice(0, 4)} />}
          </LoadState>
        ))}
        {statistics && <p className="text-sm text-slate-700">{asOfLine(statistics)}</p>}
      </div>
      <p className="mt-6">
        <Link to={paths.about} className={linkClass}>
          Selengkapnya di Profil Desa
        </Link>
      </p>
    </section>
  );
}

function GalleryPreview() {
  const list = useContentList<GalleryItem>('homepage-galleries', { per_page: 6 });
  return (
    <section aria-labelledby="galeri-desa" className="bg-slate-50">
      <div className={sectionClass}>
        <h2 id="galeri-desa" className={headingClass}>
          Galeri desa
        </h2>
        <div className="mt-6">
          <LoadState
            data={list.items}
            error={list.error}
            isLoading={list.isLoading}
            onRetry={list.retry}
            empty="Belum ada foto."
          >
            {(items) => (
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
                {items.slice(0, 6).map((item) => (
                  <li key={item.id}>
                    <figure>
                      {item.image_url && (
                        <img
                          src={item.image_url.thumb}
                          srcSet={imageSrcSet(item.image_url)}
                          sizes="(min-width: 768px) 33vw, 50vw"
                          width={item.image_url.thumb_width}
                          height={item.image_url.thumb_height}
                          alt={item.title}
                          loading="lazy"
                          className="aspect-[3/2] w-full rounded-md object-cover"
                        />
                      )}
                      <figcaption className="mt-1 text-sm text-slate-700">{item.title}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            )}
          </LoadState>
        </div>
        <p className="mt-6">
          <Link to={paths.gallery} className={linkClass}>
            Lihat semua foto di Galeri
          </Link>
        </p>
      </div>
    </section>
  );
}

function Steps() {
  return (
    <section aria-labelledby="cara-mengajukan" className={sectionClass}>
      <h2 id="cara-mengajukan" className={headingClass}>
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
  );
}
