import {
  LETTER_STATUSES,
  LETTER_STATUS_LABELS,
  ageInDays,
  formatAge,
  formatDateTimeId,
  formatServiceTime,
  isOverdue,
  letterTypeByCode,
  requestReference,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';
import { useRef, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { StatusTag } from '../../../components/letters/status-tag.tsx';
import { ShortcutHelp, ShortcutHint } from './desk-shortcut-help.tsx';
import { queueListOptions, requestKey, reviewHref } from './desk-queue.ts';
import { LetterRegisterExport, QueueExportLinks } from './export-links.tsx';
import { useQueueShortcuts } from './use-queue-shortcuts.ts';
import type { ApiLetterRequest } from '@balai/domain/contract';
import { QUEUE_STATUSES, useDeskList } from '../../../api/letter-desk.ts';

const group = (code: string) => `service-${code}`;
const typeOf = (r: ApiLetterRequest): LetterType | undefined => letterTypeByCode(r.type);

/** "Lewat batas layanan": said in words (and marked), never by colour alone. */
export function OverdueMark({ type }: { type: LetterType }) {
  return (
    <span className="mt-1 inline-flex items-center gap-1 rounded border-l-4 border-red-700 bg-red-50 px-2 py-0.5 text-sm font-bold text-red-900">
      <span aria-hidden="true">!</span> Lewat batas {formatServiceTime(type)}
    </span>
  );
}

function AgeCell({ row, now }: { row: ApiLetterRequest; now: Date }) {
  const type = typeOf(row);
  return (
    <div className="flex flex-col items-start">
      <span className="whitespace-nowrap">{formatAge(ageInDays(row.created_at, now))}</span>
      {type && isOverdue(type, row, now) && <OverdueMark type={type} />}
    </div>
  );
}

/** The queue's columns; the reference opens the review, which remembers this queue (`from`). */
function columns(crossType: boolean, now: Date, queueHref: string): DataColumn<ApiLetterRequest>[] {
  return [
    {
      key: 'reference',
      header: 'Permohonan',
      rowHeader: true,
      cell: (r) => (
        <Link
          to={reviewHref(r, queueHref)}
          data-request={requestKey(r)}
          className="inline-flex min-h-11 items-center whitespace-nowrap text-brand-800 underline underline-offset-2"
        >
          {requestReference(r.type, r.id)}
        </Link>
      ),
    },
    ...(crossType
      ? [{ key: 'type', header: 'Jenis', cell: (r: ApiLetterRequest) => r.type_title }]
      : []),
    {
      key: 'applicant',
      header: 'Pemohon',
      cell: (r) => (
        <>
          <span className="block font-semibold text-slate-900">{r.applicant.name}</span>
          {r.number && <span className="block text-sm text-slate-700">{r.number}</span>}
        </>
      ),
    },
    {
      key: 'created_at',
      header: 'Diajukan',
      sortable: true,
      cell: (r) => (
        <time dateTime={r.created_at} className="whitespace-nowrap">
          {formatDateTimeId(r.created_at)}
        </time>
      ),
    },
    { key: 'age', header: 'Umur', cell: (r) => <AgeCell row={r} now={now} /> },
    { key: 'status', header: 'Status', cell: (r) => <StatusTag status={r.status} /> },
  ];
}

/** The tabs over the queue: each status with its count; the selected one is the current page. */
function StatusTabs({
  statuses,
  allLabel,
  counts,
  current,
  hrefFor,
}: {
  statuses: readonly LetterStatus[];
  allLabel: string;
  counts: Partial<Record<LetterStatus, number>> | undefined;
  current: string | undefined;
  hrefFor: (status: string | null) => string;
}) {
  const total = counts ? statuses.reduce((n, s) => n + (counts[s] ?? 0), 0) : undefined;
  const tabs: { key: string; label: string; count: number | undefined; status: string | null }[] = [
    { key: 'all', label: allLabel, count: total, status: null },
    ...statuses.map((s) => ({
      key: s,
      label: LETTER_STATUS_LABELS[s],
      count: counts?.[s],
      status: s,
    })),
  ];
  return (
    // The tabs wrap onto a second line when the sidebar leaves too little width (1280 px cut
    // "Selesai" to "Seles…" with no cue that more were hidden).
    <nav aria-label="Status permohonan" className="mb-4 border-b border-slate-300">
      <ul className="flex flex-wrap gap-x-1" data-testid="status-tabs">
        {tabs.map((tab) => {
          const active = (current ?? null) === tab.status;
          return (
            <li key={tab.key}>
              <Link
                to={hrefFor(tab.status)}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center gap-2 whitespace-nowrap border-b-4 px-3 py-2 font-semibold ${
                  active
                    ? 'border-brand-800 text-slate-900'
                    : 'border-transparent text-brand-800 underline underline-offset-2 hover:text-brand-900'
                }`}
              >
                {tab.label}
                <span className="rounded-full bg-slate-200 px-2 text-sm tabular-nums text-slate-900">
                  {tab.count ?? '…'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * `/admin/service-{type}`: one letter type's queue; `/admin/service` (no type): everything
 * waiting on the office across the types, oldest first. Status tabs with counts, search (name,
 * NIK, letter number or reference), dates, order and page live in the address.
 */
export function DeskListPage({ type }: { type?: LetterType }) {
  const crossType = type === undefined;
  const list = useListParams(queueListOptions(crossType));
  const { rows, meta, error, isLoading, isValidating, mutate } = useDeskList(type, list.query);
  const now = new Date();
  const title = type ? type.title : 'Semua Layanan';
  const statuses = crossType ? QUEUE_STATUSES : LETTER_STATUSES;
  const status = list.filters.status;
  const filtered =
    list.search !== '' || list.filters.from !== undefined || list.filters.to !== undefined;
  const base = type ? adminPaths.list(group(type.code)) : adminPaths.desks;
  const { pathname, search } = useLocation();
  const searchRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const keys = useQueueShortcuts({
    searchRef,
    tableRef,
    rows,
    page: meta?.page ?? list.page,
    hrefFor: (page) =>
      meta && page >= 1 && page <= meta.last_page ? list.hrefFor({ page }) : undefined,
  });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.update({
      search: String(data.get('search') ?? ''),
      filters: { from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') },
    });
  };

  return (
    <AdminPage
      title={title}
      breadcrumbs={[
        { label: 'Layanan', to: adminPaths.desks },
        { label: type ? type.title : 'Semua Layanan' },
      ]}
      lead={
        type
          ? `Lama layanan: ${formatServiceTime(type)} sejak permohonan lengkap diterima.`
          : 'Semua permohonan yang menunggu petugas, dari semua jenis surat, yang terlama dulu.'
      }
      actions={
        type ? (
          <Button href={adminPaths.create(group(type.code))}>Buat Permohonan</Button>
        ) : undefined
      }
    >
      <StatusTabs
        statuses={statuses}
        allLabel={crossType ? 'Semua menunggu' : 'Semua'}
        counts={meta?.counts}
        current={status}
        hrefFor={(s) => list.hrefFor({ filters: { status: s } })}
      />

      <form role="search" onSubmit={onSearch} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="cari" className="mb-1 block font-semibold text-slate-900">
            Cari
          </label>
          <p id="cari-hint" className="mb-1 text-sm text-slate-700">
            Nama, NIK, nomor surat, atau nomor permohonan (mis. KU-000042)
          </p>
          <input
            ref={searchRef}
            id="cari"
            name="search"
            type="search"
            aria-describedby="cari-hint"
            aria-keyshortcuts="/"
            defaultValue={list.search}
            key={list.search}
            className="h-11 w-full rounded-md border-2 border-slate-700 px-3 text-base"
          />
        </div>
        {(
          [
            ['from', 'Dari tanggal'],
            ['to', 'Sampai tanggal'],
          ] as const
        ).map(([name, label]) => (
          <div key={name}>
            <label htmlFor={`filter-${name}`} className="mb-1 block font-semibold text-slate-900">
              {label}
            </label>
            <input
              id={`filter-${name}`}
              name={name}
              type="date"
              defaultValue={list.filters[name] ?? ''}
              key={list.filters[name] ?? ''}
              className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
            />
          </div>
        ))}
        <Button type="submit" variant="outlined">
          Terapkan
        </Button>
        {filtered && (
          <Button href={status ? `${base}?status=${status}` : base} variant="ghost">
            Hapus filter
          </Button>
        )}
      </form>
      <ShortcutHint onOpen={keys.openHelp} className="-mt-2 mb-2" />
      <ShortcutHelp open={keys.helpOpen} onClose={keys.closeHelp} shortcuts={keys.shortcuts} />

      {isLoading && !rows && <LoadingBlock />}
      {error != null && !rows && <ErrorBlock error={error} onRetry={() => void mutate()} />}
      {error != null && rows && (
        <p role="alert" className="mb-3 border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          Daftar tidak dapat dimuat ulang. Yang tampil mungkin belum terbaru.
        </p>
      )}
      {rows && meta && (
        <>
          <p className="mb-2 text-slate-700" aria-live="polite">
            {meta.total_exact ? '' : 'Lebih dari '}
            {meta.total.toLocaleString('id-ID')} permohonan
            {status ? ` berstatus ${LETTER_STATUS_LABELS[status as LetterStatus] ?? status}` : ''}
            {filtered ? ' cocok' : ''}
          </p>
          <div className="mb-3">
            <QueueExportLinks
              type={type?.code}
              filters={{
                status: status ?? (crossType ? QUEUE_STATUSES.join(',') : undefined),
                from: list.filters.from,
                to: list.filters.to,
                search: list.search || undefined,
                sort: list.sort || undefined,
              }}
            />
          </div>
          {/* The row that has focus (j, k, the arrows) is marked: a tint and a bar at its start. */}
          <div
            ref={tableRef}
            className="[&_tbody_tr:focus-within]:bg-brand-50 [&_tbody_tr:focus-within]:shadow-[inset_4px_0_0_var(--color-brand-800)]"
          >
            <DataTable
              caption={`${title}: permohonan, halaman ${meta.page} dari ${meta.last_page}`}
              captionHidden
              columns={columns(crossType, now, pathname + search)}
              rows={rows}
              rowKey={(r) => r.id}
              sort={list.sortState}
              sortHref={(sort) => list.hrefFor({ sort })}
              busy={isValidating && !isLoading}
              empty={
                <div className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-center">
                  <p className="text-lg font-semibold text-slate-900">
                    {filtered || status
                      ? 'Tidak ada permohonan yang cocok.'
                      : crossType
                        ? 'Tidak ada permohonan yang menunggu. Semua sudah ditangani.'
                        : 'Belum ada permohonan.'}
                  </p>
                  {type && !filtered && !status && (
                    <Button href={adminPaths.create(group(type.code))} className="mt-3">
                      Buat permohonan atas nama warga
                    </Button>
                  )}
                </div>
              }
            />
          </div>
          {meta.last_page > 1 && (
            <Pagination
              page={meta.page}
              lastPage={meta.last_page}
              hrefFor={(page) => list.hrefFor({ page })}
              label={`Halaman ${title}`}
            />
          )}
        </>
      )}
      {crossType && (
        <div className="mt-8">
          <LetterRegisterExport />
        </div>
      )}
    </AdminPage>
  );
}
