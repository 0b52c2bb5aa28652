import type { VillageSettings } from './settings.ts';

/**
 * The one-line postal address, each part once: street, desa, kecamatan, kabupaten, provinsi and
 * postal code. A street address that already names them ("Jl. Raya No. 1, Kecamatan Cibeureum,
 * Kabupaten Bogor") loses those parts, which are then written once, in order.
 */
export function fullAddress(settings: VillageSettings | null): string {
  if (!settings) return '';
  const named = [settings.village_name, settings.kecamatan, settings.kabupaten, settings.provinsi]
    .filter(Boolean)
    .map((n) => n!.toLowerCase());
  const street = (settings.address ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => {
      const m =
        /^(?:desa|kel\.?|kelurahan|kec\.?|kecamatan|kab\.?|kabupaten|kota|prov\.?|provinsi)\s+(.+)$/i.exec(
          p,
        );
      return p !== '' && !(m && named.includes(m[1]!.toLowerCase()));
    })
    .join(', ');
  const parts = [
    street,
    settings.village_name ? `Desa ${settings.village_name}` : null,
    settings.kecamatan ? `Kec. ${settings.kecamatan}` : null,
    settings.kabupaten ? `Kab. ${settings.kabupaten}` : null,
    [settings.provinsi, settings.postal_code].filter(Boolean).join(' ') || null,
  ];
  return parts.filter(Boolean).join(', ');
}
