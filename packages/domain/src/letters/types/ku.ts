import { field } from '../../fields.ts';
import { DEFAULT_REQUIREMENTS, phoneField, purposeField, type LetterType } from '../letter-type.ts';

export const ku: LetterType = {
  code: 'ku',
  title: 'Usaha',
  base: '/api/business-certificate',
  pdfTitle: 'SURAT KETERANGAN USAHA',
  classificationCode: '500',
  description:
    'Surat Keterangan Usaha (SKU) bahwa Anda benar memiliki dan menjalankan usaha di desa ini, misalnya untuk mengajukan Kredit Usaha Rakyat (KUR) atau izin usaha mikro.',
  requirements: [...DEFAULT_REQUIREMENTS, 'Foto tempat usaha'],
  fields: [
    field.text('business_name', 'Nama Usaha', { required: true, maxLength: 150 }),
    field.text('business_type', 'Jenis Usaha', {
      required: true,
      maxLength: 150,
      hint: 'Contoh: Warung sembako',
    }),
    field.text('business_address', 'Alamat Usaha', { required: true }),
    field.date('business_started_at', 'Mulai Usaha', { required: true, notFuture: true }),
    field.number('employee_count', 'Jumlah Karyawan', { min: 0 }),
    purposeField({ hint: 'Contoh: pengajuan KUR' }),
    phoneField,
  ],
  statement:
    'Berdasarkan pengamatan dan keterangan yang ada, nama tersebut di atas benar-benar memiliki usaha {business_name} ({business_type}) yang beralamat di {business_address} sejak {business_started_at}[ dengan jumlah karyawan {employee_count} orang].',
};
