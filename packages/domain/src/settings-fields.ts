import { field, type FieldDef } from './field-defs.ts';
import { msg } from './messages.ts';

// The village settings described once, as field definitions in the sections of the admin's
// settings form (no zod here). `settingsUpdateSchema` (settings.ts) validates the same names
// with the same labels (it reads them from here); settings.test.ts checks they agree. The
// social links are nested in the API body (`social.whatsapp`), so their names are dotted paths,
// as a form library addresses nested values.

export const DEFAULT_LETTER_NUMBER_FORMAT = '{code}/{seq:3}/{village_code}/{month_roman}/{year}';

export const VILLAGE_CODE_MESSAGE =
  'Kode desa harus 10 digit angka kode wilayah Kemendagri, misalnya 3201012001 atau 32.01.01.2001.';

const https = (name: string, label: string, example: string): FieldDef =>
  field.text(name, label, {
    maxLength: 255,
    hint: `Alamat lengkap yang diawali https://, misalnya ${example}.`,
  });

export interface SettingsSection {
  readonly legend: string;
  readonly fields: readonly FieldDef[];
}

/** The settings form, section by section. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    legend: 'Identitas desa',
    fields: [
      field.text('village_name', 'Nama desa', { required: true, maxLength: 100 }),
      field.text('village_code', 'Kode desa', {
        maxLength: 13,
        pattern: '\\d{2}\\.?\\d{2}\\.?\\d{2}\\.?\\d{4}',
        patternMessage: VILLAGE_CODE_MESSAGE,
        hint: 'Kode wilayah Kemendagri, 10 digit. Dicetak pada nomor surat bila formatnya memakai {village_code}.',
      }),
      field.image('logo_file_id', 'Logo', {
        hint: 'Tampil di kepala situs dan kop surat.',
      }),
    ],
  },
  {
    legend: 'Kepala desa',
    fields: [
      field.text('head_name', 'Nama kepala desa', {
        maxLength: 100,
        hint: 'Dicetak pada surat hanya selama akun Kepala Desa belum ditetapkan di Pengaturan → Tanda Tangan. Setelah itu surat memakai nama dan NIP dari akun tersebut.',
      }),
      field.text('head_nip', 'NIP kepala desa (bila ada)', {
        hint: 'Kepala desa bukan pegawai negeri dan umumnya tidak memiliki NIP: kosongkan bila tidak ada.',
        maxLength: 30,
        pattern: '[0-9 .]+',
        patternMessage: 'NIP kepala desa hanya boleh berisi angka, spasi dan titik.',
      }),
    ],
  },
  {
    legend: 'Alamat dan kontak',
    fields: [
      field.text('address', 'Alamat kantor desa', { maxLength: 255 }),
      field.text('kecamatan', 'Kecamatan', { required: true, maxLength: 100 }),
      field.text('kabupaten', 'Kabupaten/Kota', { required: true, maxLength: 100 }),
      field.text('provinsi', 'Provinsi', { required: true, maxLength: 100 }),
      field.text('postal_code', 'Kode pos', {
        maxLength: 5,
        pattern: '\\d{5}',
        patternMessage: msg.exactDigits('Kode pos', 5),
      }),
      field.text('phone', 'Telepon', {
        maxLength: 25,
        hint: 'Contoh: (0251) 876-5432',
      }),
      field.email('email', 'E-mail'),
    ],
  },
  {
    legend: 'Media sosial',
    fields: [
      https('social.whatsapp', 'Tautan WhatsApp', 'https://wa.me/6281234567890'),
      https('social.youtube', 'Tautan YouTube', 'https://www.youtube.com/@desasukamaju'),
      https('social.instagram', 'Tautan Instagram', 'https://www.instagram.com/desasukamaju'),
      https('social.twitter', 'Tautan X (Twitter)', 'https://x.com/desasukamaju'),
    ],
  },
  {
    legend: 'Nomor surat',
    fields: [
      field.text('letter_number_format', 'Format nomor surat', {
        required: true,
        maxLength: 100,
        default: DEFAULT_LETTER_NUMBER_FORMAT,
        hint: 'Penanda: {code}, {seq} atau {seq:N}, {village_code}, {month}, {month_roman}, {year}.',
      }),
    ],
  },
];

/** Every settings field, in form order. */
export const SETTINGS_FIELDS: readonly FieldDef[] = SETTINGS_SECTIONS.flatMap((s) => s.fields);

/** A settings field's label by (dotted) name. */
export const SETTINGS_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  SETTINGS_FIELDS.map((f) => [f.name, f.label]),
);
