import { PERSON_LABELS } from '@balai/domain';
import type { RegisterFamily } from '@balai/domain/contract';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useAreas, useFamilies } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import type { DataColumn } from '../../../components/data/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { areaOptions } from '../person-filters.ts';
import { ListResults } from './list-results.tsx';
import { placeOf } from './register-cells.tsx';

const nf = new Intl.NumberFormat('id-ID');

const COLUMNS: readonly DataColumn<RegisterFamily>[] = [
  {
    key: 'kk_number',
    header: PERSON_LABELS.kk_number,
    rowHeader: true,
    cell: (f) => (
      <Link
        to={adminPaths.register.family(f.id)}
        className="tabular-nums text-brand-800 underline underline-offset-2"
      >
        {f.kk_number}
        <span className="sr-only">, keluarga {f.head_name ?? ''}</span>
      </Link>
    ),
  },
  { key: 'head', header: 'Kepala keluarga', cell: (f) => f.head_name ?? '–' },
  { key: 'address', header: PERSON_LABELS.address, cell: (f) => f.address ?? '–' },
  { key: 'place', header: 'Wilayah', cell: (f) => placeOf(f) },
  {
    key: 'members',
    header: 'Anggota hidup',
    numeric: true,
    cell: (f) => nf.format(f.member_count),
  },
];

/** `/admin/register/families` (Keluarga): the family cards, by No. KK or the head's name. */
export default function FamilyListPage() {
  const list = useListParams({ filters: ['dusun_id'], perPage: 25 });
  const { list: answer, ...state } = useFamilies(list.query);
  const { areas } = useAreas();
  const filtered = list.search !== '' || Object.keys(list.filters).length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.update({
      search: String(data.get('search') ?? ''),
      filters: { dusun_id: String(data.get('dusun_id') ?? '') },
    });
  };

  return (
    <AdminPage
      title="Keluarga"
      breadcrumbs={[{ label: 'Kependudukan' }, { label: 'Keluarga' }]}
      lead="Kartu keluarga: anggota menurut hubungan dalam keluarga (SHDK)."
    >
      <form
        role="search"
        aria-label="Cari keluarga"
        onSubmit={onSubmit}
        className="mb-4 flex flex-wrap items-end gap-3"
        key={`${list.search}|${list.filters.dusun_id ?? ''}`}
      >
        <div className="min-w-0 flex-1 basis-60">
          <label htmlFor="cari" className="mb-1 block font-semibold text-slate-900">
            Cari
          </label>
          <input
            id="cari"
            name="search"
            type="search"
            aria-describedby="cari-hint"
            defaultValue={list.search}
            className="h-11 w-full rounded-md border-2 border-slate-700 px-3 text-base"
          />
          <p id="cari-hint" className="mt-1 text-sm text-slate-700">
            No. KK atau nama kepala keluarga
          </p>
        </div>
        <div>
          <label htmlFor="filter-dusun_id" className="mb-1 block font-semibold text-slate-900">
            Dusun
          </label>
          <select
            id="filter-dusun_id"
            name="dusun_id"
            defaultValue={list.filters.dusun_id ?? ''}
            className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
          >
            <option value="">Semua</option>
            {areaOptions(areas ?? [], 'dusun', undefined).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outlined" className="mb-7">
          Terapkan
        </Button>
      </form>

      <ListResults
        answer={answer}
        state={state}
        noun="Keluarga"
        counts={(a) => `${nf.format(a.meta.total)} keluarga${filtered ? ' cocok' : ''}`}
        columns={COLUMNS}
        rowKey={(f) => f.id}
        hrefFor={(page) => list.hrefFor({ page })}
        empty={
          <p className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-center text-lg font-semibold text-slate-900">
            {filtered ? 'Tidak ada keluarga yang cocok.' : 'Belum ada keluarga.'}
          </p>
        }
      />
    </AdminPage>
  );
}
