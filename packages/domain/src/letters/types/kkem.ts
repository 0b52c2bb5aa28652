import { GENDERS } from '../../choices.ts';
import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const kkem: LetterType = {
  code: 'kkem',
  title: 'Kematian',
  name: 'Surat Keterangan Kematian',
  aliases: ['kematian', 'meninggal', 'akta kematian', 'SKK'],
  base: '/api/death-certificates',
  pdfTitle: 'SURAT KETERANGAN KEMATIAN',
  classificationCode: '474.3',
  serviceDays: 1,
  description:
    'Surat keterangan dari desa untuk melaporkan warga yang meninggal dunia, sebagai syarat mengurus Akta Kematian, warisan, asuransi atau dana pensiun.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'keterangan_kematian',
      'Surat keterangan kematian dari rumah sakit atau dokter (bila ada)',
      'optional',
    ),
    requirement('ktp_almarhum', 'KTP asli almarhum/almarhumah', 'office'),
  ],
  fields: [
    field.text('deceased_name', 'Nama Almarhum/Almarhumah', { required: true, maxLength: 100 }),
    field.nik('deceased_nik', 'NIK Almarhum', { required: true }),
    field.select('deceased_gender', 'Jenis Kelamin', { required: true, options: GENDERS }),
    field.date('death_date', 'Tanggal Meninggal', { required: true, notFuture: true }),
    field.time('death_time', 'Jam Meninggal'),
    field.text('death_place', 'Tempat Meninggal', {
      required: true,
      hint: 'Contoh: RSUD Cibinong atau rumah duka',
    }),
    field.select('death_cause', 'Sebab Kematian', {
      required: true,
      options: [
        'Sakit biasa/tua',
        'Wabah penyakit',
        'Kecelakaan',
        'Kriminalitas',
        'Bunuh diri',
        'Lainnya',
      ],
    }),
    field.select('death_certifier', 'Yang Menerangkan', {
      required: true,
      options: ['Dokter', 'Tenaga kesehatan', 'Kepolisian', 'Lainnya'],
    }),
    field.text('reporter_relationship', 'Hubungan Pelapor dengan Almarhum', {
      required: true,
      maxLength: 50,
      hint: 'Contoh: Anak kandung',
    }),
    purposeField({ hint: 'Contoh: pembuatan Akta Kematian' }),
    phoneField,
  ],
  statement:
    'Berdasarkan laporan yang bersangkutan, dengan ini diterangkan bahwa telah meninggal dunia seorang warga bernama {deceased_name}, NIK {deceased_nik}, jenis kelamin {deceased_gender|lower}, pada tanggal {death_date}[ pukul {death_time}] di {death_place}, dengan sebab kematian {death_cause|lower} (yang menerangkan: {death_certifier|lower}). Kematian ini dilaporkan oleh nama tersebut di atas selaku {reporter_relationship|lcfirst} dari almarhum/almarhumah.',
};
