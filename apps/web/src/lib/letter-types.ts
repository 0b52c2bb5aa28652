import useSWR from 'swr';
import { apiPaths } from './paths.ts';

/**
 * The letter types as `GET /api/letter-types` lists them. Only what the public pages show is
 * typed; the full definitions (with the fields) are in `@balai/domain`, which the public pages
 * leave out so that zod stays out of their chunks.
 */
export interface LetterTypeSummary {
  code: string;
  title: string;
  /** The full name, "Surat Keterangan Usaha": each service page's title. */
  name?: string;
  /** Other names people search for it by (SKU, SKTM, "pengantar nikah"). */
  aliases?: string[];
  description: string;
  /** Working days the office aims to finish a request in. */
  service_days?: number;
  requirements: RequirementSummary[];
}

/**
 * A document the type needs: `required` — a photo is attached before sending; `optional` — a
 * photo, or the paper at the office; `office` — brought to the village office.
 */
export interface RequirementSummary {
  key: string;
  label: string;
  online: 'required' | 'optional' | 'office';
}

export function useLetterTypes() {
  const { data, error, isLoading, mutate } = useSWR<{ data: LetterTypeSummary[] }>(
    apiPaths.letterTypes,
  );
  return { types: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}
