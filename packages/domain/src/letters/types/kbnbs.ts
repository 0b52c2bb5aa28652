import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const kbnbs: LetterType = {
  code: 'kbnbs',
  title: 'Beda Nama BPKB dan STNK',
  name: 'Surat Keterangan Beda Nama BPKB dan STNK',
  aliases: ['beda nama', 'BPKB', 'STNK', 'kendaraan', 'nama berbeda'],
  base: '/api/name-different',
  pdfTitle: 'SURAT KETERANGAN BEDA NAMA',
  classificationCode: '470',
  serviceDays: 2,
  description:
    'Surat keterangan bahwa nama pada BPKB dan/atau STNK kendaraan Anda ditulis berbeda dengan nama pada KTP, tetapi merujuk pada orang yang sama. Biasanya diperlukan untuk balik nama, mutasi atau pembayaran pajak kendaraan.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement('bpkb_stnk', 'Fotokopi BPKB dan/atau STNK kendaraan', 'optional'),
  ],
  fields: [
    field.select('document', 'Dokumen', {
      required: true,
      options: ['BPKB', 'STNK', 'BPKB dan STNK'],
    }),
    field.text('document_name', 'Nama pada Dokumen', { required: true, maxLength: 100 }),
    field.text('plate_number', 'Nomor Polisi', {
      required: true,
      maxLength: 12,
      pattern: '[A-Za-z]{1,2} ?\\d{1,4}(?: ?[A-Za-z]{1,3})?',
      patternMessage: 'Nomor Polisi harus ditulis seperti F 1234 AB.',
      hint: 'Contoh: F 1234 AB',
    }),
    field.text('vehicle_brand', 'Merk/Tipe', { maxLength: 100, hint: 'Contoh: Honda Beat' }),
    field.number('manufacture_year', 'Tahun Pembuatan', { min: 1950, maxThisYear: true }),
    field.text('color', 'Warna', { maxLength: 50 }),
    field.text('chassis_number', 'Nomor Rangka', { maxLength: 30 }),
    field.text('engine_number', 'Nomor Mesin', { maxLength: 30 }),
    field.text('bpkb_number', 'Nomor BPKB', { maxLength: 30 }),
    field.text('difference', 'Letak Perbedaan', { required: true, hint: 'Contoh: penulisan nama' }),
    purposeField({ hint: 'Contoh: balik nama kendaraan' }),
    phoneField,
  ],
  statement:
    'Berdasarkan data kependudukan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village}. Pada {document} kendaraan bermotor dengan Nomor Polisi {plate_number}[, merk/tipe {vehicle_brand}][, tahun pembuatan {manufacture_year}][, warna {color|lower}][, nomor rangka {chassis_number}][, nomor mesin {engine_number}][, nomor BPKB {bpkb_number}] tertulis nama {document_name}, yang berbeda dengan nama {name} pada KTP, yaitu pada {difference|lcfirst}. Kedua nama tersebut adalah benar merujuk pada satu orang yang sama, yaitu pemohon yang identitasnya tersebut di atas.',
};
