/**
 * Each of the 15 letter types as the demo village issues it, for tests, previews and visual
 * checks: the demo settings, logo and resident (`seed/`) with every field of the type filled
 * in (`LETTER_EXAMPLES`), or the same with long, realistic data — long names, long addresses,
 * long statements — to prove what happens when a letter does not fit one page.
 */
import sharp from 'sharp';
import {
  LETTER_TYPES,
  applicantFromProfile,
  letterSchema,
  type ApplicantSnapshot,
  type LetterCode,
  type LetterType,
} from '@balai/domain';
import { LETTER_EXAMPLES } from '../../../../../packages/domain/src/testing/letter-examples.ts';
import type { Settings } from '../../repositories/settings.ts';
import { logo as demoLogoSvg } from '../../seed/content-icons.ts';
import { DEMO_SETTINGS } from '../../seed/demo-village.ts';
import { DEMO_RESIDENTS } from '../../seed/residents.ts';
import { letterPdfInput } from '../letter-document.ts';
import type { LetterPdfInput } from './render-letter.ts';

export type SampleKind = 'demo' | 'long';

/** The demo village's logo as the letter gets it (PNG bytes). */
export function demoLogo(): Promise<Buffer> {
  return sharp(Buffer.from(demoLogoSvg())).png().toBuffer();
}

const demoSettings: Settings = {
  ...DEMO_SETTINGS,
  logo_file_id: 1,
  updated_at: '2026-11-23T00:00:00.000Z',
};

const longSettings: Settings = {
  ...demoSettings,
  village_name: 'Sukamaju Kidul',
  kecamatan: 'Cibeureum Girang',
  address:
    'Jl. Raya Sukamaju Kidul No. 1, Kampung Babakan Cibeureum Girang, Kecamatan Cibeureum Girang, Kabupaten Bogor',
  email: 'pemerintahdesa.sukamajukidul@desa.kabupatenbogor.go.id',
  head_name: 'Dr. H. Raden Muhammad Abdurrahman Kusumanegara, S.Sos., M.Si.',
};

const demoApplicant = applicantFromProfile(DEMO_RESIDENTS[0]!);

const longApplicant: ApplicantSnapshot = {
  ...demoApplicant,
  name: 'Raden Roro Siti Nurhaliza Kusumawardhani Putri Ningrum',
  birth_place: 'Kabupaten Tasikmalaya',
  occupation: 'Karyawan Badan Usaha Milik Daerah (BUMD)',
  address:
    'Perumahan Griya Bukit Sejahtera Permai Blok C-7 No. 12A, Jl. Raya Cibeureum Kidul Gang Haji Abdul Rahman',
  hamlet: 'Dusun Cibeureum Girang Wetan',
};

const longStatement = (subject: string) =>
  `${subject} Hal ini kami sampaikan berdasarkan Surat Pengantar Ketua RT 007 dan Ketua RW 012 ` +
  'tertanggal 2 November 2026, keterangan dua orang saksi yang merupakan tetangga terdekat ' +
  'pemohon, serta pengamatan langsung oleh perangkat desa yang bertugas di wilayah dusun ' +
  'tempat tinggal yang bersangkutan selama kurang lebih tiga bulan terakhir, sehingga ' +
  'keterangan ini dapat dipertanggungjawabkan kebenarannya.';

/** Long, realistic values for the fields of each type (the rest as in LETTER_EXAMPLES). */
const LONG: Record<LetterCode, Record<string, unknown>> = {
  irr: {
    event_name:
      'Resepsi Pernikahan dan Syukuran Khitanan Putra-Putri Keluarga Besar Bapak H. Sulaeman',
    venue:
      'Halaman rumah pemohon dan lapangan bulu tangkis RT 007/RW 012, Jl. Melati Indah Gang Haji Usman No. 12, Kampung Babakan Cibeureum Girang',
    guest_estimate: '1250',
    entertainment:
      'Organ tunggal, kesenian jaipong dan pencak silat dari Sanggar Seni Sekar Pakuan',
    purpose:
      'Mengurus izin keramaian ke Kepolisian Sektor Cibungbulang dan pemberitahuan kepada Koramil setempat untuk acara yang berlangsung dua hari',
  },
  k: {
    details: longStatement(
      'belum pernah menikah, tidak sedang terikat perkawinan dengan siapa pun, dan selama berdomisili di desa kami berkelakuan baik serta aktif dalam kegiatan kemasyarakatan, termasuk karang taruna, posyandu dan kerja bakti lingkungan.',
    ),
    purpose:
      'Persyaratan melamar pekerjaan sebagai tenaga kerja di luar negeri melalui Balai Pelayanan Pelindungan Pekerja Migran Indonesia (BP3MI) Jawa Barat',
  },
  kbnbs: {
    document_name: 'Ahmad Suhendy Kusumahadinata bin Haji Muhammad Sulaeman',
    vehicle_brand: 'Honda Beat Street eSP CBS ISS Deluxe Smart Key',
    color: 'Hitam Doff Metalik',
    difference:
      'penulisan nama (Ahmad Suhendy Kusumahadinata pada dokumen dan Raden Roro Siti Nurhaliza pada KTP)',
    purpose:
      'Balik nama dan perpanjangan pajak kendaraan bermotor di Kantor Samsat Kabupaten Bogor',
  },
  kbnkk: {
    name_on_ktp: 'Muhamad Rizki Ramadhan Kusumawardhana',
    name_on_kk: 'Muhammad Rizky Ramadhan Kusuma Wardhana',
    difference:
      'ejaan nama depan, nama tengah dan penulisan nama keluarga yang dipisah pada Kartu Keluarga',
    purpose:
      'Perbaikan data Kartu Tanda Penduduk Elektronik di Dinas Kependudukan dan Pencatatan Sipil Kabupaten Bogor',
  },
  kdtt: {
    domicile_address:
      'Perumahan Griya Bukit Sejahtera Permai Blok C-7 No. 12A, Jl. Raya Cibeureum Kidul Gang Haji Abdul Rahman',
    purpose:
      'Pembukaan rekening tabungan dan pengajuan kredit pemilikan rumah di Bank BJB Cabang Cibinong',
  },
  kkel: {
    baby_name: 'Aisyah Putri Ramadhani Kusumawardhani Nurhaliza',
    birth_facility: 'RS/RB',
    birth_city: 'Kabupaten Bogor, Provinsi Jawa Barat',
    baby_weight: '3250',
    father_name: 'Raden Dedi Kurniawan Kusumanegara bin Haji Abdul Rahman',
    mother_name: 'Nyimas Ayu Rahmawati Dewi Sartika binti Haji Sulaeman',
    reporter_relationship: 'Nenek kandung dari pihak ibu',
    purpose:
      'Pembuatan Akta Kelahiran dan penambahan anggota keluarga pada Kartu Keluarga di Dinas Kependudukan dan Pencatatan Sipil Kabupaten Bogor',
  },
  kkem: {
    deceased_name: 'Haji Raden Abdul Karim Kusumanegara bin Haji Muhammad Sulaeman',
    death_place: 'Rumah Sakit Umum Daerah Leuwiliang, Jl. Raya Leuwiliang No. 357, Kabupaten Bogor',
    reporter_relationship: 'Anak kandung tertua',
    purpose:
      'Pembuatan Akta Kematian, pengurusan santunan kematian dan pemutakhiran data Kartu Keluarga',
  },
  kks: {
    reason: 'KTP belum jadi / dalam proses',
    purpose:
      'Pencairan dana Program Keluarga Harapan (PKH) di Kantor Pos Cabang Cibungbulang dan pembukaan rekening bank',
  },
  kp: {
    occupation: 'Petani penggarap dan buruh harian lepas',
    monthly_income: '2750000',
    income_source:
      'Hasil panen padi sawah garapan, berdagang sayur di Pasar Leuwiliang dan upah harian sebagai buruh bangunan',
    dependents: '5',
    purpose:
      'Pengajuan beasiswa Program Indonesia Pintar untuk anak yang bersekolah di SMA Negeri 1 Cibungbulang',
  },
  ktm: {
    beneficiary_name: 'Nurul Aini Kusumawardhani Rahmawati',
    monthly_income: '1350000',
    dependents: '6',
    purpose:
      'Keringanan biaya pendidikan dan pengajuan Kartu Indonesia Pintar Kuliah di Universitas Pakuan Bogor',
  },
  ktts: {
    origin_address:
      'Jl. Pahlawan Revolusi No. 7, RT 004/RW 009, Kelurahan Kauman, Kecamatan Kebumen, Kabupaten Kebumen, Provinsi Jawa Tengah',
    temporary_address:
      'Kontrakan Bu Imas Komariah, Kampung Cisalak Girang RT 003 RW 002, Jl. Raya Cibeureum Gang Mawar No. 5',
    stay_reason: 'Bekerja sebagai operator produksi di PT Sinar Garmen Nusantara Jaya',
    purpose: 'Syarat administrasi tempat kerja dan pendaftaran peserta BPJS Ketenagakerjaan',
  },
  ku: {
    business_name: 'Warung Sembako dan Toko Kelontong Berkah Ibu Siti Nurhaliza',
    business_type: 'Perdagangan eceran sembilan bahan pokok, gas elpiji dan air mineral isi ulang',
    business_address:
      'Jl. Raya Sukamaju Kidul No. 17, RT 003/RW 005, Kampung Babakan Cibeureum Girang',
    employee_count: '4',
    purpose:
      'Pengajuan Kredit Usaha Rakyat (KUR) Mikro di Bank Rakyat Indonesia Unit Cibungbulang sebesar lima puluh juta rupiah',
  },
  pk: {
    lost_item: 'Dompet kulit berisi STNK, SIM C, KTP dan kartu ATM',
    item_details:
      'Dompet kulit warna cokelat tua merek Braun Buffel berisi STNK sepeda motor Honda Beat nomor polisi F 1234 AB atas nama pemohon, SIM C, KTP elektronik, kartu ATM Bank BRI dan BJB, serta uang tunai kurang lebih Rp350.000',
    lost_place: 'Pasar Leuwiliang, di sekitar los sayuran lantai dasar dekat pintu masuk timur',
    chronology:
      'Pada pagi hari sekitar pukul 09.00 pemohon berbelanja sayuran dan kebutuhan dapur di Pasar Leuwiliang. Dompet disimpan di saku belakang celana. Setelah selesai berbelanja dan hendak membayar ongkos angkutan umum, pemohon baru menyadari bahwa dompet tersebut sudah tidak ada. Pemohon telah mencari kembali ke seluruh los yang didatangi dan menanyakan kepada para pedagang serta petugas keamanan pasar, namun dompet tidak ditemukan.',
    purpose:
      'Laporan kehilangan ke Kepolisian Sektor Leuwiliang untuk mengurus STNK, SIM dan KTP baru',
  },
  pp: {
    father_name: 'Raden Ujang Suparman Kusumanegara bin Haji Abdullah',
    mother_name: 'Nyimas Euis Komariah Sartika binti Haji Sulaeman',
    partner_name: 'Rina Marlina Kusumawardhani Dewi Anggraeni',
    partner_birth_place: 'Kabupaten Tasikmalaya',
    partner_occupation: 'Guru honorer di Madrasah Ibtidaiyah Nurul Huda',
    partner_address:
      'Kampung Cibeber Girang RT 001 RW 005, Desa Ciaruteun Ilir, Kecamatan Cibungbulang, Kabupaten Bogor',
    wedding_place: 'Kantor Urusan Agama (KUA) Kecamatan Cibungbulang, Kabupaten Bogor',
    purpose: 'Pendaftaran nikah di Kantor Urusan Agama (KUA) Kecamatan Cibungbulang',
  },
  pskck: {
    remarks: longStatement(
      'Yang bersangkutan aktif sebagai pengurus karang taruna dan remaja masjid di lingkungannya.',
    ),
    purpose:
      'Melamar pekerjaan sebagai anggota satuan pengamanan di PT Sinar Jaya Abadi Sentosa, Kawasan Industri Cibinong',
  },
};

export interface TypeSample {
  type: LetterType;
  kind: SampleKind;
  /** The request's data after validation, as stored. */
  data: Record<string, unknown>;
  input: LetterPdfInput;
}

/** The letter of `type` as issued on 23 November 2026 with the demo or the long data. */
export function typeSample(
  type: LetterType,
  kind: SampleKind,
  logo: Uint8Array | null,
): TypeSample {
  const raw = { ...LETTER_EXAMPLES[type.code], ...(kind === 'long' ? LONG[type.code] : {}) };
  const data = letterSchema(type).parse(raw);
  const input = letterPdfInput(
    {
      type,
      applicant: kind === 'long' ? longApplicant : demoApplicant,
      data,
      number: `${type.classificationCode}/012/3201012001/XI/2026`,
      issuedOn: '2026-11-23',
      issuedAt: '2026-11-23T09:30:00+07:00',
      verifyUrl: 'http://localhost:3000/verify/q9V3xM2kT8rLp4WzY7nB1cQe6HfJ0aDs',
    },
    kind === 'long' ? longSettings : demoSettings,
    logo,
  );
  return { type, kind, data, input };
}

/** Every type, in the registry's order. */
export function allTypeSamples(kind: SampleKind, logo: Uint8Array | null): TypeSample[] {
  return LETTER_TYPES.map((t) => typeSample(t, kind, logo));
}
