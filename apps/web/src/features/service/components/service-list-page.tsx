import { searchLetterTypes } from '@balai/domain';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useLetterTypes, type LetterTypeSummary } from '../../../lib/letter-types.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { letterTypeName, Requirements } from './requirements.tsx';

/** The search box's own hint: the names people know the letters by. */
export const SEARCH_HINT = 'Contoh: SKTM, SKU, SKCK, domisili, pengantar nikah';

/**
 * Layanan (/service): every letter type, found by a search that knows the names people use
 * (SKTM, SKU, domisili… the definitions' aliases), the query in the address (?q=) so Back keeps
 * it. A compact list: the full name as the link, one line on what it is for, the service time,
 * and the requirements folded away until asked for.
 */
export function ServiceListPage() {
  usePageMeta(
    'Layanan Surat',
    'Daftar layanan surat desa secara daring: kegunaan dan persyaratan setiap surat.',
  );
  const { types, error, isLoading, retry } = useLetterTypes();
  const [params, setParams] = useSearchParams();
  // Typed into local state (the address follows; it is not read back while typing).
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const inputId = useId();

  return (
    <>
      <PageHeader
        title="Layanan Surat"
        lead="Pilih surat yang Anda perlukan. Siapkan persyaratannya, lalu ajukan secara daring setelah masuk ke akun Anda."
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <div role="search" className="max-w-xl">
          <label htmlFor={inputId} className="block font-semibold text-slate-900">
            Cari surat
          </label>
          <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-700">
            {SEARCH_HINT}
          </p>
          <input
            id={inputId}
            type="search"
            value={query}
            aria-describedby={`${inputId}-hint`}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              const q = event.target.value;
              setQuery(q);
              setParams(q ? { q } : {}, { replace: true, preventScrollReset: true });
            }}
            className="mt-1.5 block w-full rounded-md border-2 border-slate-600 bg-white px-3 py-2 text-base text-slate-900 focus:border-slate-900 focus-visible:outline-offset-0"
          />
        </div>
        <LoadState
          data={types}
          error={error}
          isLoading={isLoading}
          onRetry={retry}
          empty="Belum ada layanan surat."
        >
          {(items) => <Results items={items} query={query} />}
        </LoadState>
      </div>
    </>
  );
}

function Results({ items, query }: { items: LetterTypeSummary[]; query: string }) {
  const found = searchLetterTypes(items, query);
  const searching = query.trim() !== '';
  return (
    <>
      {/* Read out as the list changes (a live region, not a "status": nothing is loading). */}
      <p aria-live="polite" aria-atomic="true" className="mt-4 text-slate-700">
        {!searching
          ? `${items.length} jenis surat.`
          : found.length > 0
            ? `${found.length} surat cocok dengan “${query.trim()}”.`
            : `Tidak ada surat yang cocok dengan “${query.trim()}”. Coba kata lain, atau tanyakan ke kantor desa.`}
      </p>
      {found.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
          {found.map((type) => (
            <ServiceItem key={type.code} type={type} />
          ))}
        </ul>
      )}
    </>
  );
}

function ServiceItem({ type }: { type: LetterTypeSummary }) {
  const headingId = `layanan-${type.code}`;
  return (
    <li aria-labelledby={headingId} className="py-4">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        <Link
          to={paths.serviceType(type.code)}
          className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          {letterTypeName(type)}
        </Link>
      </h2>
      <p className="mt-1 line-clamp-2 text-slate-700">{type.description}</p>
      {type.service_days !== undefined && (
        <p className="mt-1 text-sm text-slate-700">Lama layanan: {type.service_days} hari kerja</p>
      )}
      {type.requirements.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-brand-800">
            Persyaratan ({type.requirements.length})
          </summary>
          <Requirements items={type.requirements} headingLevel={3} hideHeading />
        </details>
      )}
    </li>
  );
}
