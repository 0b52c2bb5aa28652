import type { PageMeta } from '@balai/domain/contract';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';

/**
 * A register list's results: loading and error states, a line of counts, the table from its
 * columns (the page's number in its caption), and the pages' links in the address.
 */
export function ListResults<T>({
  answer,
  state,
  noun,
  counts,
  columns,
  rowKey,
  empty,
  actions,
  hrefFor,
}: {
  answer: { data: T[]; meta: PageMeta } | undefined;
  state: { error: unknown; isLoading: boolean; isValidating: boolean; retry: () => void };
  /** What the rows are, capitalised ("Penduduk"): the caption and the pages' label say it. */
  noun: string;
  /** The line above the table (announced when it changes). */
  counts?: (answer: { data: T[]; meta: PageMeta }) => ReactNode;
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => number;
  empty: ReactNode;
  actions?: (row: T) => ReactNode;
  hrefFor: (page: number) => string;
}) {
  if (state.isLoading && !answer) return <LoadingBlock />;
  if (!answer)
    return state.error != null ? <ErrorBlock error={state.error} onRetry={state.retry} /> : null;
  const { meta } = answer;
  return (
    <>
      {counts && (
        <p className="mb-2 text-slate-800" aria-live="polite">
          {counts(answer)}
        </p>
      )}
      <DataTable
        caption={`${noun}, halaman ${meta.page} dari ${Math.max(1, meta.last_page)}`}
        captionHidden
        columns={columns}
        rows={answer.data}
        rowKey={rowKey}
        busy={state.isValidating && !state.isLoading}
        empty={empty}
        actions={actions}
      />
      {meta.last_page > 1 && (
        <Pagination
          page={meta.page}
          lastPage={meta.last_page}
          hrefFor={hrefFor}
          label={`Halaman ${noun.toLowerCase()}`}
        />
      )}
    </>
  );
}
