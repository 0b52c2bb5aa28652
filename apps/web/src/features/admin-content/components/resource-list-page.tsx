import type { ContentResource, FieldDef } from '@balai/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { errorMessage } from '../../../lib/http-client.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { Cell } from './cells.tsx';
import type { ContentRecord } from '@balai/domain/contract';
import { deleteContent, updateContent, useContentRows } from '../../../api/content.ts';

/** The record's name in messages: its first text field, else "#id". */
export function rowTitle(resource: ContentResource, row: ContentRecord) {
  const f = resource.fields.find((x) => x.kind === 'text' || x.kind === 'select');
  const v = f ? row[f.name] : null;
  return typeof v === 'string' && v ? v : `#${row.id}`;
}

/** The body a PUT needs to save `row` again with a change (the API replaces the record). */
export function bodyOf(
  resource: ContentResource,
  row: ContentRecord,
  change: Record<string, unknown>,
) {
  return {
    ...Object.fromEntries(resource.fields.map((f) => [f.name, row[f.name] ?? null])),
    ...change,
  };
}

const sortable = (f: FieldDef) => f.kind !== 'image' && f.kind !== 'richtext';

/**
 * `/admin/{group}`: a content resource's records as a table with the definition's columns;
 * search, sort, filters and page live in the address, so a list can be bookmarked and Back
 * works. Delete asks first; resources with a position can be reordered.
 */
export function ResourceListPage({ resource }: { resource: ContentResource }) {
  const booleans = resource.fields.filter((f) => f.kind === 'boolean');
  const defaultSort =
    (resource.defaultSort.direction === 'desc' ? '-' : '') + resource.defaultSort.field;
  const list = useListParams({
    sort: defaultSort,
    sortFields: [
      'id',
      ...resource.fields.filter(sortable).map((f) => f.name),
      'created_at',
      'updated_at',
    ],
    filters: booleans.map((f) => f.name),
  });
  const apiQuery = new URLSearchParams(
    Object.entries(list.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  );
  const { rows, meta, error, isLoading, mutate } = useContentRows(resource, apiQuery);
  const toast = useToast();
  const [deleting, setDeleting] = useState<ContentRecord | null>(null);
  const [busy, setBusy] = useState(false);

  const fields = resource.listColumns
    .map((name) => resource.fields.find((f) => f.name === name))
    .filter((f): f is FieldDef => !!f);
  const hasPosition = resource.fields.some((f) => f.name === 'position');
  const filtered = list.search !== '' || Object.keys(list.filters).length > 0;
  const orderedByPosition = hasPosition && list.sort === 'position';

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.update({
      search: String(data.get('search') ?? '').trim(),
      filters: Object.fromEntries(
        booleans.map((f) => [f.name, String(data.get(f.name) ?? '') || null]),
      ),
    });
  };

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteContent(resource, deleting.id);
      toast.success(`${resource.labels.singular} "${rowTitle(resource, deleting)}" dihapus.`);
      setDeleting(null);
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  /** Moves a row up or down the page's order: the page is numbered again in steps of one. */
  async function move(index: number, by: -1 | 1) {
    if (!rows || !meta) return;
    const order = [...rows];
    const [row] = order.splice(index, 1);
    if (!row) return;
    order.splice(index + by, 0, row);
    const start = (meta.page - 1) * meta.per_page;
    setBusy(true);
    try {
      for (const [i, r] of order.entries()) {
        const position = start + i;
        if (r.position !== position)
          await updateContent(resource, r.id, bodyOf(resource, r, { position }));
      }
      toast.success(`Urutan "${rowTitle(resource, row)}" diubah.`);
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
      await mutate();
    } finally {
      setBusy(false);
    }
  }

  const titleName = resource.fields.find((f) => f.kind === 'text' || f.kind === 'select')?.name;
  const columns: DataColumn<ContentRecord>[] = fields.map((f) => ({
    key: f.name,
    header: f.label,
    cell: (row) => <Cell field={f} row={row} />,
    sortable: sortable(f),
    rowHeader: f.name === titleName,
    numeric: f.kind === 'number',
  }));

  const actions = (row: ContentRecord) => {
    const title = rowTitle(resource, row);
    const index = rows?.indexOf(row) ?? -1;
    return (
      <div className="flex flex-wrap items-center gap-1 whitespace-nowrap">
        <Link
          to={adminPaths.edit(resource.group, row.id)}
          className="rounded px-2 py-1 font-semibold text-brand-800 underline underline-offset-2"
        >
          Ubah<span className="sr-only"> {title}</span>
        </Link>
        <button
          type="button"
          onClick={() => setDeleting(row)}
          className="rounded px-2 py-1 font-semibold text-red-800 underline underline-offset-2"
        >
          Hapus<span className="sr-only"> {title}</span>
        </button>
        {orderedByPosition && !filtered && (
          <>
            <button
              type="button"
              disabled={busy || index === 0}
              onClick={() => void move(index, -1)}
              aria-label={`Naikkan ${title}`}
              className="rounded px-2 py-1 text-slate-800 hover:bg-slate-100 disabled:opacity-40"
            >
              ↑
            </button>
            <button
              type="button"
              disabled={busy || index === (rows?.length ?? 0) - 1}
              onClick={() => void move(index, 1)}
              aria-label={`Turunkan ${title}`}
              className="rounded px-2 py-1 text-slate-800 hover:bg-slate-100 disabled:opacity-40"
            >
              ↓
            </button>
          </>
        )}
      </div>
    );
  };

  const plural = resource.labels.plural.toLowerCase();
  return (
    <AdminPage
      title={resource.labels.plural}
      breadcrumbs={[{ label: resource.menu.section }, { label: resource.menu.title }]}
      actions={
        <Button href={adminPaths.create(resource.group)}>Buat {resource.labels.singular}</Button>
      }
    >
      <form role="search" onSubmit={onSearch} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <label htmlFor="cari" className="mb-1 block font-semibold text-slate-900">
            Cari
          </label>
          <input
            id="cari"
            name="search"
            type="search"
            defaultValue={list.search}
            key={list.search}
            className="h-11 w-full rounded-md border-2 border-slate-700 px-3 text-base"
          />
        </div>
        {booleans.map((f) => (
          <div key={f.name}>
            <label htmlFor={`filter-${f.name}`} className="mb-1 block font-semibold text-slate-900">
              {f.label}
            </label>
            <select
              id={`filter-${f.name}`}
              name={f.name}
              defaultValue={list.filters[f.name] ?? ''}
              key={list.filters[f.name] ?? ''}
              className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
            >
              <option value="">Semua</option>
              <option value="true">Ya</option>
              <option value="false">Tidak</option>
            </select>
          </div>
        ))}
        <Button type="submit" variant="outlined">
          Terapkan
        </Button>
        {filtered && (
          <Button href={adminPaths.list(resource.group)} variant="ghost">
            Hapus filter
          </Button>
        )}
      </form>

      {isLoading && !rows && <LoadingBlock />}
      {error != null && !rows && <ErrorBlock error={error} onRetry={() => void mutate()} />}
      {rows && meta && (
        <>
          {rows.length > 0 && (
            <p className="mb-2 text-slate-700" aria-live="polite">
              {meta.total} {plural}
              {filtered ? ' cocok' : ''}
            </p>
          )}
          <DataTable
            caption={`${resource.labels.plural}, halaman ${meta.page} dari ${meta.last_page}`}
            captionHidden
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            sort={list.sortState}
            sortHref={(sort) => list.hrefFor({ sort })}
            actions={actions}
            busy={busy}
            empty={
              <div className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-center">
                <p className="text-lg font-semibold text-slate-900">
                  {filtered ? `Tidak ada ${plural} yang cocok.` : `Belum ada ${plural}.`}
                </p>
                {!filtered && (
                  <Button href={adminPaths.create(resource.group)} className="mt-3">
                    Buat {resource.labels.singular} pertama
                  </Button>
                )}
              </div>
            }
          />
          {meta.last_page > 1 && (
            <Pagination
              page={meta.page}
              lastPage={meta.last_page}
              hrefFor={(page) => list.hrefFor({ page })}
              label={`Halaman ${resource.labels.plural}`}
            />
          )}
        </>
      )}

      <Modal
        open={deleting !== null}
        onClose={() => (busy ? undefined : setDeleting(null))}
        role="alertdialog"
        title="Hapus data?"
        description={
          deleting
            ? `${resource.labels.singular} "${rowTitle(resource, deleting)}" akan dihapus dan tidak dapat dikembalikan.`
            : undefined
        }
        footer={
          <>
            <Button variant="outlined" onClick={() => setDeleting(null)} disabled={busy}>
              Batal
            </Button>
            <Button
              onClick={() => void confirmDelete()}
              loading={busy}
              className="bg-red-700 hover:bg-red-800"
            >
              Hapus
            </Button>
          </>
        }
      />
    </AdminPage>
  );
}
