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
const dusunCount = (statistics: PublicStatistics) =>
  statistics.dusun.filter((r) => r.filter.dusun_id !== '0').length;

/** The register's figures as cards: total, men, women and (when known) the dusun. */
export function registerFigures(statistics: PublicStatistics): Figure[] {
  const bySex = (code: string) => statistics.sex.find((r) => r.filter.gender === code)?.count ?? 0;
  return (
    [
      ['Jumlah penduduk', statistics.total],
      ['Laki-laki', bySex('1')],
      ['Perempuan', bySex('2')],
      ['Dusun', dusunCount(statistics)],
    ] as const
  )
    .filter(([, n], i) => i < 3 || n > 0)
    .map(([label, n], i) => ({
      id: i + 1,
      label,
      value: nf.format(n),
      unit: i < 3 ? 'jiwa' : null,
    }));
}

/**
 * Figures with the register's word on the dusun count (ADR 0023): a typed "Jumlah Dusun" among
 * the village facts shows the register's count, or is left out when the register's people have
 * no dusun (a typed count beside the register is a second source of one number). Without
 * register statistics the figures as typed.
 */
export function villageFacts(items: Figure[], statistics: PublicStatistics | null): Figure[] {
  if (!statistics) return items;
  const dusun = dusunCount(statistics);
  return items.flatMap((item) =>
    !/\bdusun\b/i.test(item.label)
      ? [item]
      : dusun > 0
        ? [{ ...item, value: nf.format(dusun) }]
        : [],
  );
}
