import { field } from '../../fields.ts';
import { DEFAULT_REQUIREMENTS, phoneField, purposeField, type LetterType } from '../letter-type.ts';

export const ktm: LetterType = {
  code: 'ktm',
  title: 'Tidak Mampu',
  base: '/api/certificate-of-inbility',
  pdfTitle: 'SURAT KETERANGAN TIDAK MAMPU',
  classificationCode: '400',
  description:
    'Surat Keterangan Tidak Mampu (SKTM) bagi keluarga berpenghasilan rendah, untuk memperoleh keringanan biaya pendidikan, layanan kesehatan atau bantuan sosial.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    'Surat pernyataan tidak mampu yang diketahui Ketua RT',
    'Fotokopi kartu pelajar atau identitas orang yang dibiayai (bila atas nama orang lain)',
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
      hint: 'Dalam rupiah, tanpa titik, misalnya 1200000',
    }),
    field.number('dependents', 'Jumlah Tanggungan', { min: 0, max: 50 }),
    purposeField({ hint: 'Contoh: keringanan biaya sekolah anak' }),
    phoneField,
  ],
  statement:
    'Berdasarkan data dan keterangan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village} yang tergolong keluarga kurang mampu[, dengan penghasilan rata-rata {monthly_income} ({monthly_income|words}) per bulan][ dan jumlah tanggungan {dependents} orang]. Surat keterangan ini digunakan untuk keperluan {usage|lower}[ atas nama {beneficiary_name}].',
};
