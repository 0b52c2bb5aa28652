import { PERSON_LABELS } from '@balai/domain';
import type { RegisterPerson } from '@balai/domain/contract';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useAreas, usePersons } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import type { DataColumn } from '../../../components/data/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { PERSON_FILTERS, filterChips } from '../person-filters.ts';
import { ListResults } from './list-results.tsx';
import { PersonFilterFields } from './person-filter-fields.tsx';
import { PERSON_NAME_COLUMN, LifeStatusTag, fieldText, placeOf } from './register-cells.tsx';

const nf = new Intl.NumberFormat('id-ID');

/** The columns, labelled by the register's field definitions. */
const COLUMNS: readonly DataColumn<RegisterPerson>[] = [
  PERSON_NAME_COLUMN,
  {
    key: 'nik',
    header: PERSON_LABELS.nik,
    cell: (p) => <span className="tabular-nums">{p.nik}</span>,
  },
  {
    key: 'kk_number',
    header: PERSON_LABELS.kk_number,
    cell: (p) => <span className="tabular-nums">{p.kk_number ?? '–'}</span>,
  },
  { key: 'gender', header: PERSON_LABELS.gender, cell: (p) => fieldText(p, 'gender') ?? '–' },
  { key: 'age', header: 'Umur', numeric: true, cell: (p) => (p.age === null ? '–' : `${p.age}`) },
  { key: 'place', header: 'Wilayah', className: 'min-w-44', cell: (p) => placeOf(p) },
  { key: 'life_status', header: 'Status', cell: (p) => <LifeStatusTag status={p.life_status} /> },
];

/**
 * `/admin/register/persons` (Penduduk): the register's people, searchable by name or NIK and
 * filtered by dusun, RW, RT, sex, age and life status, with the counts of the whole filtered list.
 * Every filter lives in the address, so a statistic's count opens exactly the people it counted.
 * NIK and No. KK show as the API masks them (last 4 digits).
 */
export default function PersonListPage() {
  const list = useListParams({ filters: PERSON_FILTERS, perPage: 25 });
  const { list: answer, ...state } = usePersons(list.query);
  const { areas } = useAreas();
  const chips = filterChips(list.filters, areas);
  const filtered = list.search !== '' || chips.length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim();
    list.update({
      search: value('search'),
      filters: Object.fromEntries(
        PERSON_FILTERS.map((name) => [name, data.has(name) ? value(name) : list.filters[name]]),
      ),
    });
  };

  return (
    <AdminPage
      title="Penduduk"
      breadcrumbs={[{ label: 'Kependudukan' }, { label: 'Penduduk' }]}
      lead="Buku induk penduduk desa: cari dengan nama atau NIK."
      actions={
        <>
          <Button href={adminPaths.register.events} variant="outlined">
            Catat peristiwa
          </Button>
          <Button href={adminPaths.register.import}>Impor</Button>
        </>
      }
    >
      <form
        role="search"
        aria-label="Cari penduduk"
        onSubmit={onSubmit}
        className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
        key={`${list.search}|${JSON.stringify(list.filters)}`}
      >
        <PersonFilterFields search={list.search} filters={list.filters} areas={areas ?? []} />
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="submit">Terapkan</Button>
          {filtered && (
            <Button href={adminPaths.register.persons()} variant="ghost">
              Hapus filter
            </Button>
          )}
        </div>
      </form>

      {chips.length > 0 && (
        <div className="mb-3">
          <h2 className="text-sm font-semibold text-slate-900">Filter aktif</h2>
          <ul className="mt-1 flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.names.join()}>
                <Link
                  to={list.hrefFor({
                    filters: Object.fromEntries(chip.names.map((n) => [n, null])),
                  })}
                  className="inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-400 bg-white px-3 text-sm text-slate-900 hover:bg-slate-100"
                >
                  {chip.text}
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">(hapus filter ini)</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ListResults
        answer={answer}
        state={state}
        noun="Penduduk"
        counts={() =>
          answer && (
            <>
              <strong>{nf.format(answer.counts.total)} orang</strong>
              {filtered ? ' cocok' : ''}: {nf.format(answer.counts.male)} laki-laki,{' '}
              {nf.format(answer.counts.female)} perempuan
            </>
          )
        }
        columns={COLUMNS}
        rowKey={(p) => p.id}
        hrefFor={(page) => list.hrefFor({ page })}
        empty={
          <div className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-center">
            <p className="text-lg font-semibold text-slate-900">
              {filtered ? 'Tidak ada penduduk yang cocok.' : 'Buku induk masih kosong.'}
            </p>
            {!filtered && (
              <Button href={adminPaths.register.import} className="mt-3">
                Impor data penduduk
              </Button>
            )}
          </div>
        }
        actions={(p) => (
          <Link
            to={adminPaths.register.personEdit(p.id)}
            className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-brand-800 underline underline-offset-2"
          >
            Ubah<span className="sr-only"> {p.name}</span>
          </Link>
        )}
      />
    </AdminPage>
  );
}
