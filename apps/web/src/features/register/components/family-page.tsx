import { PERSON_LABELS } from '@balai/domain';
import type { RegisterPerson } from '@balai/domain/contract';
import { useState } from 'react';
import { useFamily } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { SummaryList } from '../../../components/letters/summary-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { SlipButton } from './activation-codes.tsx';
import { MoveDialog, SplitDialog } from './family-dialogs.tsx';
import {
  PERSON_NAME_COLUMN,
  LifeStatusTag,
  dayText,
  fieldText,
  placeOf,
} from './register-cells.tsx';

const COLUMNS: readonly DataColumn<RegisterPerson>[] = [
  PERSON_NAME_COLUMN,
  {
    key: 'relationship',
    header: 'Hubungan (SHDK)',
    cell: (p) => fieldText(p, 'relationship') ?? '–',
  },
  {
    key: 'nik',
    header: PERSON_LABELS.nik,
    cell: (p) => <span className="tabular-nums">{p.nik}</span>,
  },
  { key: 'gender', header: PERSON_LABELS.gender, cell: (p) => fieldText(p, 'gender') ?? '–' },
  {
    key: 'birth_date',
    header: PERSON_LABELS.birth_date,
    cell: (p) => dayText(fieldText(p, 'birth_date')),
  },
  { key: 'life_status', header: 'Status', cell: (p) => <LifeStatusTag status={p.life_status} /> },
];

/**
 * `/admin/register/families/{id}`: the family card (an audited read): No. KK, address, place and
 * the members in SHDK order (head first, as the API gives them); a member can move to another
 * family, and members can be split off onto a new card.
 */
export default function FamilyPage({ id }: { id: number }) {
  const { family, error, isLoading, retry } = useFamily(id);
  const [moving, setMoving] = useState<RegisterPerson | null>(null);
  const [splitting, setSplitting] = useState(false);

  return (
    <AdminPage
      title={family ? `Keluarga ${family.head_name ?? family.kk_number}` : 'Kartu Keluarga'}
      breadcrumbs={[
        { label: 'Kependudukan' },
        { label: 'Keluarga', to: adminPaths.register.families },
        { label: 'Kartu keluarga' },
      ]}
      actions={
        family &&
        family.members.length > 1 && (
          <Button variant="outlined" onClick={() => setSplitting(true)}>
            Pecah KK
          </Button>
        )
      }
    >
      {isLoading && !family && <LoadingBlock />}
      {error != null && !family && <ErrorBlock error={error} onRetry={retry} />}
      {family && (
        <div className="space-y-6">
          <SlipButton
            path={`/register/families/${id}/activation-codes`}
            label="Cetak slip kode aktivasi keluarga"
            fallbackName="slip-kode-aktivasi-keluarga.pdf"
            confirmText="Buat kode aktivasi untuk anggota keluarga berumur 17 tahun ke atas yang belum punya akun? Kode lama mereka dicabut."
          />
          <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
            <SummaryList
              rows={[
                { key: 'kk', label: PERSON_LABELS.kk_number, value: family.kk_number },
                { key: 'head', label: 'Kepala keluarga', value: family.head_name },
                { key: 'address', label: PERSON_LABELS.address, value: family.address },
                { key: 'place', label: 'Wilayah', value: placeOf(family) },
                { key: 'count', label: 'Anggota hidup', value: String(family.member_count) },
              ]}
            />
          </div>
          <DataTable
            caption="Anggota keluarga menurut SHDK"
            columns={COLUMNS}
            rows={family.members}
            rowKey={(p) => p.id}
            actions={(p) => (
              <button
                type="button"
                onClick={() => setMoving(p)}
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-brand-800 underline underline-offset-2"
              >
                Pindahkan<span className="sr-only"> {p.name}</span>
              </button>
            )}
          />
        </div>
      )}
      {family && (
        <>
          <MoveDialog person={moving} fromFamilyId={id} onClose={() => setMoving(null)} />
          <SplitDialog family={family} open={splitting} onClose={() => setSplitting(false)} />
        </>
      )}
    </AdminPage>
  );
}
