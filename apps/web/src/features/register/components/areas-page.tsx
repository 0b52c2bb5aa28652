import type { RegisterArea } from '@balai/domain/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { mergeArea, refreshRegister, renameArea, useAreas } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { DataTable, type DataColumn } from '../../../components/data/data-table.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import { areaTitle } from '../person-filters.ts';
import { SlipButton } from './activation-codes.tsx';

const nf = new Intl.NumberFormat('id-ID');
const KIND = { dusun: 'Dusun', rw: 'RW', rt: 'RT' } as const;

/** Dusun, then each one's RW, then each RW's RT: the tree flattened in reading order. */
export function areaTree(areas: readonly RegisterArea[]): RegisterArea[] {
  const children = (parent: number | null) =>
    areas
      .filter((a) => a.parent_id === parent)
      .sort((a, b) => a.name.localeCompare(b.name, 'id', { numeric: true }));
  const walk = (parent: number | null): RegisterArea[] =>
    children(parent).flatMap((a) => [a, ...walk(a.id)]);
  const placed = walk(null);
  const seen = new Set(placed.map((a) => a.id));
  // An area whose parent is not in the list still shows (at the end), never silently dropped.
  return [...placed, ...areas.filter((a) => !seen.has(a.id))];
}

type Action = { kind: 'rename' | 'merge'; area: RegisterArea } | null;

/**
 * `/admin/register/areas` (Wilayah): every dusun, RW and RT with its living people and
 * families; each count opens the Penduduk list of that area. Renaming fixes a spelling; merging
 * moves an area's people and sub-areas into another of its kind (two spellings of one dusun).
 */
export default function AreasPage() {
  const { areas, error, isLoading, retry } = useAreas();
  const [action, setAction] = useState<Action>(null);
  const byId = new Map((areas ?? []).map((a) => [a.id, a]));

  const columns: DataColumn<RegisterArea>[] = [
    {
      key: 'name',
      header: 'Wilayah',
      rowHeader: true,
      cell: (a) => (
        <span className={a.kind === 'dusun' ? '' : a.kind === 'rw' ? 'pl-4' : 'pl-8'}>
          {KIND[a.kind]} {a.name}
        </span>
      ),
    },
    {
      key: 'persons',
      header: 'Penduduk hidup',
      numeric: true,
      cell: (a) => (
        <Link
          to={adminPaths.register.persons({ [`${a.kind}_id`]: a.id, life_status: 'hidup' })}
          className="text-brand-800 underline underline-offset-2"
        >
          {nf.format(a.person_count)}
          <span className="sr-only"> penduduk di {areaTitle(a, byId)}</span>
        </Link>
      ),
    },
    { key: 'families', header: 'Keluarga', numeric: true, cell: (a) => nf.format(a.family_count) },
  ];

  return (
    <AdminPage
      title="Wilayah"
      breadcrumbs={[{ label: 'Kependudukan' }, { label: 'Wilayah' }]}
      lead="Dusun, RW dan RT dibuat saat impor; di sini namanya dapat diperbaiki atau digabung."
    >
      {isLoading && !areas && <LoadingBlock />}
      {error != null && !areas && <ErrorBlock error={error} onRetry={retry} />}
      {areas && (
        <DataTable
          caption="Dusun, RW dan RT dengan jumlah penduduk"
          captionHidden
          columns={columns}
          rows={areaTree(areas)}
          rowKey={(a) => a.id}
          empty={
            <p className="rounded-lg border border-dashed border-slate-400 bg-white p-6 text-center text-lg font-semibold text-slate-900">
              Belum ada wilayah. Wilayah dibuat saat data penduduk diimpor.
            </p>
          }
          actions={(a) => (
            <div className="flex flex-wrap gap-2">
              <SlipButton
                path={`/register/areas/${a.id}/activation-codes`}
                label={
                  <>
                    Slip kode aktivasi<span className="sr-only"> {areaTitle(a, byId)}</span>
                  </>
                }
                fallbackName="slip-kode-aktivasi.pdf"
                confirmText={`Buat kode aktivasi untuk warga ${areaTitle(a, byId)} yang belum punya akun?`}
              />
              <button
                type="button"
                onClick={() => setAction({ kind: 'rename', area: a })}
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-brand-800 underline underline-offset-2"
              >
                Ganti nama<span className="sr-only"> {areaTitle(a, byId)}</span>
              </button>
              <button
                type="button"
                onClick={() => setAction({ kind: 'merge', area: a })}
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-brand-800 underline underline-offset-2"
              >
                Gabungkan<span className="sr-only"> {areaTitle(a, byId)}</span>
              </button>
            </div>
          )}
        />
      )}
      {areas && (
        <AreaDialog
          action={action}
          areas={areas}
          onClose={() => setAction(null)}
          key={action ? `${action.kind}-${action.area.id}` : 'none'}
        />
      )}
    </AdminPage>
  );
}

function AreaDialog({
  action,
  areas,
  onClose,
}: {
  action: Action;
  areas: readonly RegisterArea[];
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const [name, setName] = useState(action?.area.name ?? '');
  const [into, setInto] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const byId = new Map(areas.map((a) => [a.id, a]));
  const area = action?.area;
  const targets = area ? areas.filter((a) => a.kind === area.kind && a.id !== area.id) : [];

  async function submit() {
    if (!action || !area) return;
    setBusy(true);
    try {
      if (action.kind === 'rename') {
        await renameArea(area.id, name.trim());
        toast.success(`${KIND[area.kind]} diganti namanya menjadi "${name.trim()}".`);
      } else {
        if (!into) throw { message: 'Pilih wilayah tujuan.' };
        const target = await mergeArea(area.id, Number(into));
        toast.success(`${areaTitle(area, byId)} digabung ke ${areaTitle(target.data, byId)}.`);
      }
      await refreshRegister();
      onClose();
    } catch (e) {
      setRefusal(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const title = !area
    ? ''
    : action?.kind === 'rename'
      ? `Ganti nama ${areaTitle(area, byId)}`
      : `Gabungkan ${areaTitle(area, byId)}`;
  return (
    <Modal
      open={action !== null}
      onClose={() => !busy && onClose()}
      title={title}
      description={
        action?.kind === 'merge'
          ? 'Penduduk dan wilayah di bawahnya pindah ke wilayah tujuan; wilayah ini dihapus.'
          : undefined
      }
      footer={
        <>
          <Button variant="outlined" onClick={onClose} disabled={busy}>
            Batal
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {action?.kind === 'merge' ? 'Gabungkan' : 'Simpan'}
          </Button>
        </>
      }
    >
      {action?.kind === 'rename' ? (
        <>
          <label htmlFor={`${id}-name`} className="mb-1 block font-semibold text-slate-900">
            Nama baru
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="h-11 w-full rounded-md border-2 border-slate-700 px-3 text-base"
          />
        </>
      ) : (
        <>
          <label htmlFor={`${id}-into`} className="mb-1 block font-semibold text-slate-900">
            Gabungkan ke
          </label>
          <select
            id={`${id}-into`}
            value={into}
            onChange={(e) => setInto(e.target.value)}
            className="h-11 w-full rounded-md border-2 border-slate-700 bg-white px-2 text-base"
          >
            <option value="">Pilih wilayah tujuan</option>
            {targets.map((a) => (
              <option key={a.id} value={a.id}>
                {areaTitle(a, byId)}
              </option>
            ))}
          </select>
        </>
      )}
      {refusal && (
        <p role="alert" className="mt-3 border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
          {refusal}
        </p>
      )}
    </Modal>
  );
}
