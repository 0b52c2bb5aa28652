import type { PublicSettings } from '@balai/domain';
import useSWR from 'swr';
import { apiPaths } from './paths.ts';

/**
 * The village's identity as `GET /api/settings` returns it (the shared type; a type-only import,
 * so none of the domain package's code lands in the first load).
 */
export type VillageSettings = PublicSettings;

/** Shared by the layout (top bar, footer) and the pages, so it is fetched once. */
export function useSettings() {
  const { data, error, isLoading } = useSWR<{ data: VillageSettings }>(apiPaths.settings);
  return { settings: data?.data ?? null, error, isLoading };
}

/** "Pemerintah Desa Sukamaju", or the generic name before the settings are known. */
export function governmentName(settings: VillageSettings | null) {
  return settings?.village_name ? `Pemerintah Desa ${settings.village_name}` : 'Pemerintah Desa';
}
