import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const ktm: LetterType = {
  code: 'ktm',
  title: 'Tidak Mampu',
  name: 'Surat Keterangan Tidak Mampu',
  aliases: ['SKTM', 'tidak mampu', 'keringanan biaya', 'beasiswa', 'KIP', 'BPJS'],
  base: '/api/certificate-of-inbility',
  pdfTitle: 'SURAT KETERANGAN TIDAK MAMPU',
  classificationCode: '400',
  serviceDays: 2,
  description:
    'Surat Keterangan Tidak Mampu (SKTM) bagi keluarga berpenghasilan rendah, untuk memperoleh keringanan biaya pendidikan, layanan kesehatan atau bantuan sosial.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'pernyataan_tidak_mampu',
      'Surat pernyataan tidak mampu yang diketahui Ketua RT',
      'optional',
    ),
    requirement(
      'identitas_tanggungan',
      'Fotokopi kartu pelajar atau identitas orang yang dibiayai (bila atas nama orang lain)',
      'optional',
    ),
  ],
  fields: [
    field.select('usage', 'Digunakan untuk', {
      required: true,
      options: ['Pendidikan', 'Kesehatan', 'Bantuan sosial', 'Lainnya'],
    }),
    field.text('beneficiary_name', 'Atas Nama', {
      maxLength: 100,
      hint: 'Isi bila surat digunakan untuk orang lain, misalnya anak yang bersekolah.',
    }),
    field.money('monthly_income', 'Penghasilan per Bulan', {
      unit: 'Rp',
      hint: 'Dalam rupiah, misalnya 1.200.000',
    }),
    field.number('dependents', 'Jumlah Tanggungan', { min: 0, max: 50, unit: 'orang' }),
    purposeField({ hint: 'Contoh: keringanan biaya sekolah anak' }),
    phoneField,
  ],
  statement:
    'Berdasarkan data dan keterangan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village} yang tergolong keluarga kurang mampu[, dengan penghasilan rata-rata {monthly_income} ({monthly_income|words}) per bulan][ dan jumlah tanggungan {dependents}]. Surat keterangan ini digunakan untuk keperluan {usage|lower}[ atas nama {beneficiary_name}].',
};
