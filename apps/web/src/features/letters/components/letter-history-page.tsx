import { LETTER_STATUSES, LETTER_STATUS_LABELS, LETTER_TYPES } from '@balai/domain';
import { useSearchParams } from 'react-router';
import { Select } from '../../../components/form/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { paths } from '../../../lib/paths.ts';
import { RequestList } from './request-list.tsx';
import { useAllRequests } from '../../../api/letters.ts';

const TYPE_OPTIONS = LETTER_TYPES.map((t) => ({ value: t.code, label: t.name }));
const STATUS_OPTIONS = LETTER_STATUSES.map((s) => ({ value: s, label: LETTER_STATUS_LABELS[s] }));

/** The address's query with some values changed (an empty value removes the key). */
function withChange(params: URLSearchParams, change: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * /profile/letter-history: every request of the resident across the 15 types, newest first,
 * filterable by type and status. The filters live in the address, so a filtered list can be
 * reloaded and shared with the back button.
 */
export function LetterHistoryPage() {
  usePageMeta('Riwayat Surat', 'Semua permohonan surat Anda dan surat yang sudah terbit.');
  const [params, setParams] = useSearchParams();
  const type = TYPE_OPTIONS.some((o) => o.value === params.get('type')) ? params.get('type')! : '';
  const status = (LETTER_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? params.get('status')!
    : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const {
    page: result,
    error,
    isLoading,
    retry,
  } = useAllRequests({
    type: type || undefined,
    status: status || undefined,
    page,
    per_page: 10,
  });

  const update = (change: Record<string, string>) => setParams(withChange(params, change));

  const filtered = type !== '' || status !== '';
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Riwayat Surat</h1>
      <p className="mt-2 text-lg text-slate-700">
        Semua permohonan surat Anda. Surat yang sudah terbit dapat diunduh kapan saja.
      </p>
      <form
        role="search"
        aria-label="Saring riwayat surat"
        className="mt-6 grid gap-x-4 sm:grid-cols-2"
        onSubmit={(event) => event.preventDefault()}
      >
        <Select
          name="type"
          label="Jenis surat"
          placeholder="Semua jenis"
          options={TYPE_OPTIONS}
          value={type}
          onChange={(event) => update({ type: event.target.value, page: '' })}
        />
        <Select
          name="status"
          label="Status"
          placeholder="Semua status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => update({ status: event.target.value, page: '' })}
        />
      </form>
      <div aria-live="polite">
        {error && !result ? (
          <ErrorBlock error={error} onRetry={retry} />
        ) : isLoading || !result ? (
          <LoadingBlock />
        ) : result.data.length === 0 ? (
          filtered ? (
            <EmptyBlock>Tidak ada permohonan yang cocok dengan saringan ini.</EmptyBlock>
          ) : (
            <div>
              <EmptyBlock>Anda belum pernah mengajukan surat.</EmptyBlock>
              <Button href={paths.service} className="mt-4">
                Lihat Layanan Surat
              </Button>
            </div>
          )
        ) : (
          <>
            <p className="mb-2 text-slate-700">{result.meta.total} permohonan</p>
            <RequestList requests={result.data} showTitle archiveLinks downloads />
            <Pagination
              page={result.meta.page}
              lastPage={result.meta.last_page}
              hrefFor={(p) => `?${withChange(params, { page: p > 1 ? String(p) : '' })}`}
              label="Halaman riwayat surat"
            />
          </>
        )}
      </div>
    </div>
  );
}
