import { PERSON_LABELS, formatDateId } from '@balai/domain';
import type { RegisterFamily, RegisterLifeStatus, RegisterPerson } from '@balai/domain/contract';
import { Link } from 'react-router';
import type { DataColumn } from '../../../components/data/data-table.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { lifeStatusLabel } from '../person-filters.ts';

/** Colours of the life status tag: the word says it, the colour only helps. */
const TONES: Record<RegisterLifeStatus, string> = {
  hidup: 'bg-emerald-100 text-emerald-900',
  meninggal: 'bg-slate-200 text-slate-900',
  pindah: 'bg-sky-100 text-sky-900',
  hilang: 'bg-amber-100 text-amber-950',
};

export function LifeStatusTag({ status }: { status: RegisterLifeStatus }) {
  return (
    <strong className={`inline-block rounded px-2 py-0.5 text-sm font-bold ${TONES[status]}`}>
      {lifeStatusLabel(status)}
    </strong>
  );
}

/**
 * A field of a person or family by its definition's name (`PERSON_FIELDS`, `AREA_FIELDS`), for
 * the screens that walk the definitions: every such field is a nullable string in the contract.
 */
export function fieldText(record: RegisterPerson | RegisterFamily, name: string): string | null {
  const value = (record as unknown as Record<string, unknown>)[name];
  return value === null || value === undefined || value === '' ? null : String(value);
}

/** "Dsn. Krajan, RW 001/RT 002", from what the person or family record holds. */
export function placeOf(p: RegisterPerson | RegisterFamily): string {
  const [hamlet, rw, rt] = ['hamlet', 'rw', 'rt'].map((n) => fieldText(p, n));
  const parts = [
    hamlet ? `Dsn. ${hamlet}` : null,
    rw || rt ? `RW ${rw ?? '–'}/RT ${rt ?? '–'}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '–';
}

/** "2026-05-17" → "17 Mei 2026"; null → "–". */
export const dayText = (iso: string | null | undefined): string => (iso ? formatDateId(iso) : '–');

/** A person's name linking to their detail: the row header of every list of people. */
export const PERSON_NAME_COLUMN: DataColumn<RegisterPerson> = {
  key: 'name',
  header: PERSON_LABELS.name,
  rowHeader: true,
  cell: (p) => (
    <Link
      to={adminPaths.register.person(p.id)}
      className="text-brand-800 underline underline-offset-2"
    >
      {p.name}
    </Link>
  ),
};
