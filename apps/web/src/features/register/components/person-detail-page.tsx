import { AREA_FIELDS, PERSON_FIELDS, PERSON_LABELS, formatDateTimeId } from '@balai/domain';
import type { RegisterPerson } from '@balai/domain/contract';
import { Link } from 'react-router';
import { useEvents, usePerson, usePersonChanges } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { SummaryList } from '../../../components/letters/summary-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { ActivationCodesPanel } from './activation-codes.tsx';
import { LifeStatusTag, dayText, fieldText } from './register-cells.tsx';

const sectionClass = 'rounded-lg border border-slate-200 bg-white p-4 sm:p-6';

/** A stored value as the summary shows it: dates in words, empty as "Tidak diisi". */
function shown(person: RegisterPerson, name: string): string | null {
  const value = fieldText(person, name);
  const def = [...PERSON_FIELDS, ...AREA_FIELDS].find((f) => f.name === name);
  return value !== null && def?.kind === 'date' ? dayText(value) : value;
}

const valueText = (v: unknown) =>
  v === null || v === undefined || v === '' ? '(kosong)' : String(v);

/**
 * `/admin/register/persons/{id}`: one person of the register, whole (an audited read): the
 * fields in the definitions' order, the family card, the events and every change with its old
 * and new values.
 */
export default function PersonDetailPage({ id }: { id: number }) {
  const { person, error, isLoading, retry } = usePerson(id);
  const { changes } = usePersonChanges(id);
  const { list: events } = useEvents({ person_id: id, per_page: 50 });

  return (
    <AdminPage
      title={person?.name ?? 'Penduduk'}
      breadcrumbs={[
        { label: 'Kependudukan' },
        { label: 'Penduduk', to: adminPaths.register.persons() },
        { label: 'Rincian' },
      ]}
      actions={
        person && (
          <>
            <Button href={adminPaths.register.personEdit(id)}>Ubah</Button>
            <Button href={`${adminPaths.register.events}?person_id=${id}`} variant="outlined">
              Catat peristiwa
            </Button>
          </>
        )
      }
    >
      {isLoading && !person && <LoadingBlock />}
      {error != null && !person && <ErrorBlock error={error} onRetry={retry} />}
      {person && (
        <div className="space-y-6">
          <section aria-labelledby="biodata" className={sectionClass}>
            <h2 id="biodata" className="mb-3 text-xl font-bold text-slate-900">
              Biodata
            </h2>
            <p className="mb-3">
              Status: <LifeStatusTag status={person.life_status} />
              {person.age !== null && <span className="ml-3">Umur {person.age} tahun</span>}
            </p>
            <SummaryList
              rows={[
                ...PERSON_FIELDS.map((f) => ({
                  key: f.name,
                  label: f.label,
                  value: shown(person, f.name),
                })),
                ...AREA_FIELDS.map((f) => ({
                  key: f.name,
                  label: f.label,
                  value: shown(person, f.name),
                })),
                {
                  key: 'kk_number',
                  label: PERSON_LABELS.kk_number,
                  value: person.kk_number,
                  action: person.family_id ? (
                    <Link
                      to={adminPaths.register.family(person.family_id)}
                      className="font-semibold text-brand-800 underline underline-offset-2"
                    >
                      Lihat kartu keluarga
                    </Link>
                  ) : undefined,
                },
              ]}
            />
          </section>

          <ActivationCodesPanel personId={id} living={person.life_status === 'hidup'} />

          <section aria-labelledby="peristiwa" className={sectionClass}>
            <h2 id="peristiwa" className="mb-3 text-xl font-bold text-slate-900">
              Peristiwa
            </h2>
            {events && events.data.length > 0 ? (
              <ul className="divide-y divide-slate-200">
                {events.data.map((e) => (
                  <li key={e.id} className="py-2">
                    <strong>{e.kind_label}</strong> — terjadi {dayText(e.occurred_on)}, dilaporkan{' '}
                    {dayText(e.reported_on)}
                    {e.late && (
                      <span className="ml-2 text-sm text-amber-900">(terlambat dilaporkan)</span>
                    )}
                    {e.corrected && (
                      <span className="ml-2 text-sm text-slate-700">(dikoreksi)</span>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">Belum ada peristiwa tercatat.</p>
            )}
          </section>

          <section aria-labelledby="riwayat" className={sectionClass}>
            <h2 id="riwayat" className="mb-3 text-xl font-bold text-slate-900">
              Riwayat perubahan
            </h2>
            {changes && changes.length > 0 ? (
              <ol className="space-y-3">
                {changes.map((c) => (
                  <li key={c.id} className="border-l-4 border-slate-300 pl-3">
                    <p className="text-sm text-slate-700">
                      {formatDateTimeId(c.created_at)} · {c.user_name ?? 'Sistem'}
                      {c.reason && <> · Alasan: {c.reason}</>}
                    </p>
                    <ul className="mt-1">
                      {Object.entries(c.changes).map(([field, change]) => (
                        <li key={field}>
                          <span className="font-semibold">{PERSON_LABELS[field] ?? field}</span>:{' '}
                          <del className="text-slate-700">{valueText(change.old)}</del> →{' '}
                          <ins className="no-underline">{valueText(change.new)}</ins>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-slate-700">Belum ada perubahan.</p>
            )}
          </section>
        </div>
      )}
    </AdminPage>
  );
}
