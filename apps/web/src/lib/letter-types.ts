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
  description: string;
  requirements: string[];
}

export function useLetterTypes() {
  const { data, error, isLoading, mutate } = useSWR<{ data: LetterTypeSummary[] }>(
    apiPaths.letterTypes,
  );
  return { types: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}
