import type { RegisterEvent } from '@balai/domain/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { usePerson, useEvents } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import type { DataColumn } from '../../../components/data/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { EVENT_KIND_OPTIONS } from '../event-fields.ts';
import { CorrectionDialog } from './correction-dialog.tsx';
import { EventForm } from './event-form.tsx';
import { ListResults } from './list-results.tsx';
import { dayText } from './register-cells.tsx';

const EVENT_FILTERS = ['kind', 'month', 'person_id'] as const;

/**
 * `/admin/register/events` (Peristiwa): record a birth, death, move out, move in or loss with the
 * day it happened and the day it was reported; the events so far, filtered by kind and month,
 * each correctable (with a reason, audited), never silently edited.
 * `?person_id=` starts the form with that person (the detail page's "Catat peristiwa").
 */
export default function EventsPage() {
  const list = useListParams({ filters: EVENT_FILTERS, perPage: 20 });
  const { list: answer, ...state } = useEvents(list.query);
  const personId = /^[1-9]\d*$/.test(list.filters.person_id ?? '')
    ? Number(list.filters.person_id)
    : null;
  const { person, isLoading: personLoading } = usePerson(personId);
  const [correcting, setCorrecting] = useState<RegisterEvent | null>(null);

  const columns: DataColumn<RegisterEvent>[] = [
    { key: 'kind', header: 'Peristiwa', cell: (e) => e.kind_label },
    {
      key: 'person',
      header: 'Nama',
      rowHeader: true,
      cell: (e) => (
        <Link
          to={adminPaths.register.person(e.person_id)}
          className="text-brand-800 underline underline-offset-2"
        >
          {e.person_name}
        </Link>
      ),
    },
    { key: 'occurred', header: 'Terjadi', cell: (e) => dayText(e.occurred_on) },
    {
      key: 'reported',
      header: 'Dilaporkan',
      cell: (e) => (
        <>
          {dayText(e.reported_on)}
          {e.late && <span className="block text-sm font-semibold text-amber-900">Terlambat</span>}
          {e.corrected && <span className="block text-sm text-slate-700">Dikoreksi</span>}
        </>
      ),
    },
  ];

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.update({
      filters: { kind: String(data.get('kind') ?? ''), month: String(data.get('month') ?? '') },
    });
  };

  return (
    <AdminPage
      title="Peristiwa"
      breadcrumbs={[{ label: 'Kependudukan' }, { label: 'Peristiwa' }]}
      lead="Kelahiran, kematian, pindah keluar, pindah masuk dan hilang, dengan tanggal kejadian dan tanggal lapor."
    >
      <div className="space-y-6">
        {personId !== null && personLoading ? (
          <LoadingBlock />
        ) : (
          <EventForm
            key={person?.id ?? 'none'}
            initialPerson={
              person ? { id: person.id, text: `${person.name} — NIK ${person.nik}` } : null
            }
          />
        )}

        <section aria-labelledby="daftar-peristiwa">
          <h2 id="daftar-peristiwa" className="mb-3 text-xl font-bold text-slate-900">
            Peristiwa tercatat
          </h2>
          <form
            onSubmit={onFilter}
            className="mb-4 flex flex-wrap items-end gap-3"
            key={JSON.stringify(list.filters)}
          >
            <div>
              <label htmlFor="filter-kind" className="mb-1 block font-semibold text-slate-900">
                Jenis
              </label>
              <select
                id="filter-kind"
                name="kind"
                defaultValue={list.filters.kind ?? ''}
                className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
              >
                <option value="">Semua</option>
                {EVENT_KIND_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-month" className="mb-1 block font-semibold text-slate-900">
                Bulan kejadian
              </label>
              <input
                id="filter-month"
                name="month"
                type="month"
                defaultValue={list.filters.month ?? ''}
                className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
              />
            </div>
            <Button type="submit" variant="outlined">
              Terapkan
            </Button>
          </form>
          <ListResults
            answer={answer}
            state={state}
            noun="Peristiwa"
            columns={columns}
            rowKey={(e) => e.id}
            hrefFor={(page) => list.hrefFor({ page })}
            empty={
              <p className="rounded-md bg-white p-4 text-slate-700">
                Belum ada peristiwa yang cocok.
              </p>
            }
            actions={(e) => (
              <button
                type="button"
                onClick={() => setCorrecting(e)}
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-brand-800 underline underline-offset-2"
              >
                Koreksi
                <span className="sr-only">
                  {' '}
                  {e.kind_label} {e.person_name}
                </span>
              </button>
            )}
          />
        </section>
      </div>
      <CorrectionDialog
        event={correcting}
        onClose={() => setCorrecting(null)}
        key={correcting?.id ?? 0}
      />
    </AdminPage>
  );
}
