import type { PublicStatistics } from '@balai/domain/contract';
import useSWR from 'swr';
import type { Figure } from './content.ts';

/**
 * The register's figures for the public pages (ADR 0023), shared by Beranda (first load) and
 * Profil Desa: kept small and free of the register's admin API (`api/register.ts`), so the home
 * page's first load grows by only this. The key is `registerApi.statistics` (api/register.ts);
 * both pages' loaders fetch it (route-data.ts), so the server's HTML already carries the figures.
 */
export const STATISTICS_KEY = '/statistics';

/**
 * `GET /api/statistics`. `statistics` is the register's when it holds living people (total > 0),
 * otherwise null: then the hand-typed content groups are the village's figures. `pending` while
 * that is not known yet (not on a server-rendered or loader-fetched page).
 */
export function useRegisterStatistics() {
  const { data, error, isLoading } = useSWR<PublicStatistics>(STATISTICS_KEY);
  return {
    statistics: data && data.total > 0 ? data : null,
    pending: isLoading && !data && !error,
  };
}

const day = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-26" → "26 November 2026". */
export const asOfText = (iso: string) => day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** The line under the register's figures. */
export const asOfLine = (statistics: PublicStatistics) =>
  `Menurut buku induk penduduk, per tanggal ${asOfText(statistics.as_of)}.`;

const nf = new Intl.NumberFormat('id-ID');

/** Dusun that hold living people in the register (people without a dusun are not one). */
export const registerDusunCount = (statistics: PublicStatistics) =>
  statistics.dusun.filter((r) => r.filter.dusun_id !== '0').length;

/** The register's figures as cards: total, men, women and (when known) the dusun. */
export function registerFigures(statistics: PublicStatistics): Figure[] {
  const bySex = (code: string) => statistics.sex.find((r) => r.filter.gender === code)?.count ?? 0;
  const dusun = registerDusunCount(statistics);
  return [
    { id: 1, label: 'Jumlah penduduk', value: nf.format(statistics.total), unit: 'jiwa' },
    { id: 2, label: 'Laki-laki', value: nf.format(bySex('1')), unit: 'jiwa' },
    { id: 3, label: 'Perempuan', value: nf.format(bySex('2')), unit: 'jiwa' },
    ...(dusun > 0 ? [{ id: 4, label: 'Dusun', value: nf.format(dusun), unit: null }] : []),
  ];
}

const DUSUN_LABEL = /\bdusun\b/i;

/**
 * The typed village facts ("Data Desa") with the register's word on the one population figure
 * among them, the dusun count: a typed "Jumlah Dusun" shows the register's count, or is left out
 * when the register's people have no dusun (a typed count beside the register is a second source
 * of one number). Without register statistics the facts as typed.
 */
export function villageFacts(items: Figure[], statistics: PublicStatistics | null): Figure[] {
  if (!statistics) return items;
  const dusun = registerDusunCount(statistics);
  return items.flatMap((item) => {
    if (!DUSUN_LABEL.test(item.label)) return [item];
    return dusun > 0 ? [{ ...item, value: nf.format(dusun) }] : [];
  });
}
