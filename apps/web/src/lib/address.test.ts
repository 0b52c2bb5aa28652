import { describe, expect, it } from 'vitest';
import { fullAddress } from './address.ts';
import type { VillageSettings } from './settings.ts';

const base = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibeureum',
  kabupaten: 'Bogor',
  provinsi: 'Jawa Barat',
  postal_code: '16720',
} as const;
const settings = (address: string) => ({ ...base, address }) as unknown as VillageSettings;

describe('fullAddress', () => {
  it('names the desa, kecamatan and kabupaten once, in order, when the street names them too', () => {
    expect(
      fullAddress(settings('Jl. Raya Sukamaju No. 1, Kecamatan Cibeureum, Kabupaten Bogor')),
    ).toBe('Jl. Raya Sukamaju No. 1, Desa Sukamaju, Kec. Cibeureum, Kab. Bogor, Jawa Barat 16720');
    expect(fullAddress(settings('Jl. Melati 2, Desa Sukamaju, Kec. Cibeureum'))).toBe(
      'Jl. Melati 2, Desa Sukamaju, Kec. Cibeureum, Kab. Bogor, Jawa Barat 16720',
    );
  });

  it('keeps a street address that names other places', () => {
    expect(fullAddress(settings('Jl. Raya Sukamaju No. 1, Kampung Babakan'))).toBe(
      'Jl. Raya Sukamaju No. 1, Kampung Babakan, Desa Sukamaju, Kec. Cibeureum, Kab. Bogor, Jawa Barat 16720',
    );
  });
});
