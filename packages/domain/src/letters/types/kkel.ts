import { GENDERS } from '../../choices.ts';
import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const kkel: LetterType = {
  code: 'kkel',
  title: 'Kelahiran',
  name: 'Surat Keterangan Kelahiran',
  aliases: ['kelahiran', 'lahir', 'akta kelahiran', 'SKL', 'bayi'],
  base: '/api/birth-certificates',
  pdfTitle: 'SURAT KETERANGAN KELAHIRAN',
  classificationCode: '474.1',
  serviceDays: 1,
  description:
    'Surat keterangan dari desa untuk melaporkan kelahiran bayi dan mengurus Akta Kelahiran di Dinas Kependudukan dan Pencatatan Sipil.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'keterangan_lahir',
      'Surat keterangan lahir dari bidan, puskesmas atau rumah sakit',
      'required',
    ),
    requirement('buku_nikah', 'Fotokopi Buku Nikah atau Akta Perkawinan orang tua', 'optional'),
    requirement('ktp_saksi', 'Fotokopi KTP dua orang saksi', 'optional'),
  ],
  fields: [
    field.text('baby_name', 'Nama Bayi', { required: true, maxLength: 100 }),
    field.select('baby_gender', 'Jenis Kelamin Bayi', { required: true, options: GENDERS }),
    field.date('baby_birth_date', 'Tanggal Lahir', { required: true, notFuture: true }),
    field.time('birth_time', 'Jam Lahir', { required: true }),
    field.select('birth_facility', 'Tempat Dilahirkan', {
      required: true,
      options: ['RS/RB', 'Puskesmas', 'Polindes', 'Rumah', 'Lainnya'],
    }),
    field.text('birth_city', 'Kota/Kabupaten Tempat Lahir', { required: true, maxLength: 100 }),
    field.select('birth_type', 'Jenis Kelahiran', {
      required: true,
      options: ['Tunggal', 'Kembar 2', 'Kembar 3', 'Kembar 4 atau lebih'],
    }),
    field.number('birth_order', 'Anak Ke', { required: true, min: 1, max: 30 }),
    field.select('birth_attendant', 'Penolong Kelahiran', {
      required: true,
      options: ['Dokter', 'Bidan/Perawat', 'Dukun', 'Lainnya'],
    }),
    field.number('baby_weight', 'Berat Bayi', {
      min: 1,
      max: 10000,
      unit: 'gram',
      hint: 'Dalam gram, misalnya 3200',
    }),
    field.number('baby_length', 'Panjang Bayi', {
      min: 1,
      max: 100,
      decimal: true,
      unit: 'cm',
      hint: 'Dalam cm, misalnya 49,5',
    }),
    field.text('father_name', 'Nama Ayah', { required: true, maxLength: 100 }),
    field.nik('father_nik', 'NIK Ayah'),
    field.text('mother_name', 'Nama Ibu', { required: true, maxLength: 100 }),
    field.nik('mother_nik', 'NIK Ibu'),
    field.text('reporter_relationship', 'Hubungan Pelapor dengan Bayi', {
      required: true,
      maxLength: 50,
      hint: 'Contoh: Ayah kandung',
    }),
    purposeField({ hint: 'Contoh: pembuatan Akta Kelahiran' }),
    phoneField,
  ],
  statement:
    'Berdasarkan laporan yang bersangkutan, dengan ini diterangkan bahwa pada tanggal {baby_birth_date} pukul {birth_time} di {birth_facility}, {birth_city}, telah lahir seorang anak {baby_gender|lower} bernama {baby_name}, kelahiran {birth_type|lower}, anak ke-{birth_order}, dengan penolong kelahiran {birth_attendant|lower}[, berat {baby_weight}][, panjang {baby_length}]. Anak tersebut adalah anak dari seorang ayah bernama {father_name}[ (NIK {father_nik})] dan seorang ibu bernama {mother_name}[ (NIK {mother_nik})]. Kelahiran ini dilaporkan oleh nama tersebut di atas selaku {reporter_relationship|lcfirst} dari bayi tersebut.',
};
