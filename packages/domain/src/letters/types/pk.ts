import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const pk: LetterType = {
  code: 'pk',
  title: 'Pengantar Kehilangan',
  name: 'Surat Pengantar Laporan Kehilangan',
  aliases: ['kehilangan', 'hilang', 'lapor polisi', 'surat kehilangan'],
  base: '/api/lost-cover-letter',
  pdfTitle: 'SURAT PENGANTAR LAPORAN KEHILANGAN',
  classificationCode: '300',
  serviceDays: 1,
  description:
    'Surat pengantar dari desa untuk melaporkan kehilangan barang atau dokumen ke Kepolisian, sebagai syarat mengurus penggantian barang atau dokumen tersebut.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'bukti_kepemilikan',
      'Bukti kepemilikan barang yang hilang (bila ada), misalnya fotokopi dokumen atau dus ponsel',
      'optional',
    ),
  ],
  fields: [
    field.text('lost_item', 'Barang yang Hilang', {
      required: true,
      maxLength: 150,
      hint: 'Contoh: Dompet berisi STNK dan SIM',
    }),
    field.textarea('item_details', 'Rincian Barang', {
      required: true,
      maxLength: 2000,
      hint: 'Nomor dokumen, warna, merek dan isi barang',
    }),
    field.date('lost_date', 'Tanggal Kehilangan', { required: true, notFuture: true }),
    field.text('lost_place', 'Tempat Kehilangan', { required: true }),
    field.textarea('chronology', 'Kronologi', {
      required: true,
      maxLength: 3000,
      hint: 'Ceritakan singkat bagaimana barang itu hilang.',
    }),
    purposeField({ hint: 'Contoh: laporan kehilangan ke Polsek untuk mengurus STNK baru' }),
    phoneField,
  ],
  statement:
    'Berdasarkan laporan yang bersangkutan, nama tersebut di atas telah kehilangan {lost_item|lcfirst} pada tanggal {lost_date} di {lost_place}, dengan rincian barang sebagai berikut: {item_details|sentence} Kronologi kejadian menurut keterangan pelapor: {chronology|sentence} Surat pengantar ini diberikan sebagai kelengkapan untuk melaporkan kehilangan tersebut kepada pihak Kepolisian guna proses lebih lanjut.',
};
