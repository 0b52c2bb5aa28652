import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const kp: LetterType = {
  code: 'kp',
  title: 'Penghasilan',
  name: 'Surat Keterangan Penghasilan',
  aliases: ['penghasilan', 'SKP', 'gaji', 'pendapatan', 'penghasilan orang tua'],
  base: '/api/incomes-statement',
  pdfTitle: 'SURAT KETERANGAN PENGHASILAN',
  classificationCode: '470',
  serviceDays: 1,
  description:
    'Surat keterangan tentang besar penghasilan Anda setiap bulan, misalnya untuk pengajuan beasiswa, keringanan biaya sekolah atau pinjaman.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'bukti_penghasilan',
      'Slip gaji atau bukti penghasilan lain (bila ada)',
      'optional',
    ),
  ],
  fields: [
    field.text('occupation', 'Pekerjaan', {
      required: true,
      maxLength: 100,
      defaultFromProfile: 'occupation',
    }),
    field.money('monthly_income', 'Penghasilan per Bulan', {
      required: true,
      unit: 'Rp',
      hint: 'Dalam rupiah, misalnya 2.500.000',
    }),
    field.text('income_source', 'Sumber Penghasilan', {
      maxLength: 150,
      hint: 'Contoh: hasil panen sawah dan berdagang',
    }),
    field.number('dependents', 'Jumlah Tanggungan', {
      min: 0,
      max: 50,
      unit: 'orang',
      hint: 'Jumlah orang yang biaya hidupnya Anda tanggung',
    }),
    purposeField({ hint: 'Contoh: pengajuan beasiswa' }),
    phoneField,
  ],
  statement:
    'Berdasarkan data dan keterangan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village} yang bekerja sebagai {occupation|lcfirst} dan memiliki penghasilan rata-rata sebesar {monthly_income} ({monthly_income|words}) per bulan[ yang bersumber dari {income_source|lcfirst}][, dengan jumlah tanggungan {dependents}].',
};
