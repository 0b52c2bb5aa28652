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

/** The one-line postal address: street, kecamatan, kabupaten, provinsi and postal code. */
export function fullAddress(settings: VillageSettings | null): string {
  if (!settings) return '';
  const parts = [
    settings.address,
    settings.village_name ? `Desa ${settings.village_name}` : null,
    settings.kecamatan ? `Kec. ${settings.kecamatan}` : null,
    settings.kabupaten ? `Kab. ${settings.kabupaten}` : null,
    [settings.provinsi, settings.postal_code].filter(Boolean).join(' ') || null,
  ];
  return parts.filter(Boolean).join(', ');
}
