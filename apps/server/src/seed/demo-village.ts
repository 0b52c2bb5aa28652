/**
 * The demo village (issue 3): Desa Sukamaju, Kecamatan Cibeureum, Kabupaten Bogor — its
 * settings and its population figures, every table of which adds up to the totals.
 */
import { DEFAULT_LETTER_NUMBER_FORMAT } from '../repositories/settings.ts';

export const DEMO_SETTINGS = {
  village_name: 'Sukamaju',
  kecamatan: 'Cibeureum',
  kabupaten: 'Bogor',
  provinsi: 'Jawa Barat',
  address: 'Jl. Raya Sukamaju No. 1, Kecamatan Cibeureum, Kabupaten Bogor',
  postal_code: '16720',
  phone: '(0251) 8612-345',
  email: 'pemdes@sukamaju.desa.id',
  head_name: 'H. Dedi Supriadi, S.Sos.',
  head_nip: null,
  village_code: '3201012001',
  letter_number_format: DEFAULT_LETTER_NUMBER_FORMAT,
  social_whatsapp: 'https://wa.me/6281110002001',
  social_youtube: 'https://www.youtube.com/@desasukamaju',
  social_instagram: 'https://www.instagram.com/desasukamaju',
  social_twitter: 'https://x.com/desasukamaju',
  // The demo runs on one computer: its letters may carry a localhost QR address (issue 25.1).
  allow_loopback_qr: 1,
} as const;

/** Population by sex; every table below adds up to these. */
export const DEMO_POPULATION = { male: 2487, female: 2431, households: 1462, areaHa: 487.35 };

export type Row = Record<string, string | number | boolean | null>;

const thousands = (n: number) => n.toLocaleString('id-ID');
const total = DEMO_POPULATION.male + DEMO_POPULATION.female;

export const POPULATION_INFOS: Row[] = [
  { label: 'Jumlah Penduduk', value: thousands(total), unit: 'jiwa', position: 1 },
  {
    label: 'Jumlah Kepala Keluarga',
    value: thousands(DEMO_POPULATION.households),
    unit: 'KK',
    position: 2,
  },
  { label: 'Laki-laki', value: thousands(DEMO_POPULATION.male), unit: 'jiwa', position: 3 },
  { label: 'Perempuan', value: thousands(DEMO_POPULATION.female), unit: 'jiwa', position: 4 },
  {
    label: 'Kepadatan Penduduk',
    value: thousands(Math.round(total / (DEMO_POPULATION.areaHa / 100))),
    unit: 'jiwa/km²',
    position: 5,
  },
];

/** [label, from, to, male, female]; the open top group has no upper age. */
export const AGES: [string, number, number | null, number, number][] = [
  ['0–4 tahun', 0, 4, 199, 178],
  ['5–9 tahun', 5, 9, 195, 186],
  ['10–14 tahun', 10, 14, 201, 192],
  ['15–19 tahun', 15, 19, 207, 198],
  ['20–24 tahun', 20, 24, 199, 193],
  ['25–29 tahun', 25, 29, 191, 190],
  ['30–34 tahun', 30, 34, 188, 183],
  ['35–39 tahun', 35, 39, 182, 178],
  ['40–44 tahun', 40, 44, 174, 170],
  ['45–49 tahun', 45, 49, 166, 161],
  ['50–54 tahun', 50, 54, 153, 148],
  ['55–59 tahun', 55, 59, 134, 133],
  ['60–64 tahun', 60, 64, 113, 116],
  ['65–69 tahun', 65, 69, 86, 93],
  ['70–74 tahun', 70, 74, 58, 62],
  ['75 tahun ke atas', 75, null, 41, 50],
];

export const JOBS: [string, number, number][] = [
  ['Petani/Pekebun', 534, 121],
  ['Buruh Tani', 287, 164],
  ['Pedagang', 146, 172],
  ['Wiraswasta', 168, 74],
  ['Karyawan Swasta', 189, 97],
  ['Buruh Harian Lepas', 121, 38],
  ['Peternak', 29, 6],
  ['Sopir/Ojek', 52, 0],
  ['Guru', 14, 33],
  ['Pegawai Negeri Sipil', 31, 28],
  ['Pensiunan', 18, 9],
  ['Mengurus Rumah Tangga', 12, 781],
  ['Pelajar/Mahasiswa', 478, 471],
  ['Belum/Tidak Bekerja', 402, 389],
  ['Lainnya', 6, 48],
];

export const RELIGIONS: [string, number, number][] = [
  ['Islam', 2431, 2374],
  ['Kristen', 29, 31],
  ['Katolik', 17, 19],
  ['Hindu', 4, 3],
  ['Buddha', 6, 4],
];
