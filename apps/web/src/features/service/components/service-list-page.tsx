import { Link } from 'react-router';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useLetterTypes } from '../../../lib/letter-types.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { applyLabel, Requirements } from './requirements.tsx';

/** Layanan (/service): every letter type with what it is for and what to bring. */
export function ServiceListPage() {
  usePageMeta(
    'Layanan',
    'Daftar layanan surat desa secara daring: kegunaan dan persyaratan setiap surat.',
  );
  const { types, error, isLoading, retry } = useLetterTypes();

  return (
    <>
      <PageHeader
        title="Layanan Surat"
        lead="Pilih surat yang Anda perlukan. Siapkan persyaratannya, lalu ajukan secara daring setelah masuk ke akun Anda."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <LoadState
          data={types}
          error={error}
          isLoading={isLoading}
          onRetry={retry}
          empty="Belum ada layanan surat."
        >
          {(items) => (
            <ul className="grid gap-4 md:grid-cols-2">
              {items.map((type) => (
                <li
                  key={type.code}
                  className="flex flex-col rounded-lg border border-slate-200 p-5"
                  aria-labelledby={`layanan-${type.code}`}
                >
                  <h2 id={`layanan-${type.code}`} className="text-xl font-bold text-slate-900">
                    {type.title}
                  </h2>
                  <p className="mt-2 text-slate-700">{type.description}</p>
                  <Requirements items={type.requirements} headingLevel={3} />
                  <p className="mt-auto pt-4">
                    <Link
                      to={paths.serviceType(type.code)}
                      className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
                    >
                      {applyLabel(type.title)}
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </div>
    </>
  );
}
