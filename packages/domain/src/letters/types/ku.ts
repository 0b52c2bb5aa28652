import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const ku: LetterType = {
  code: 'ku',
  title: 'Usaha',
  name: 'Surat Keterangan Usaha',
  aliases: ['SKU', 'usaha', 'UMKM', 'KUR', 'pinjaman bank', 'dagang'],
  base: '/api/business-certificate',
  pdfTitle: 'SURAT KETERANGAN USAHA',
  classificationCode: '500',
  serviceDays: 2,
  description:
    'Surat Keterangan Usaha (SKU) bahwa Anda benar memiliki dan menjalankan usaha di desa ini, misalnya untuk mengajukan Kredit Usaha Rakyat (KUR) atau izin usaha mikro.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement('foto_tempat_usaha', 'Foto tempat usaha', 'optional'),
  ],
  fields: [
    field.text('business_name', 'Nama Usaha', { required: true, maxLength: 150 }),
    field.text('business_type', 'Jenis Usaha', {
      required: true,
      maxLength: 150,
      hint: 'Contoh: Warung sembako',
    }),
    field.text('business_address', 'Alamat Usaha', { required: true }),
    field.date('business_started_at', 'Mulai Usaha', { required: true, notFuture: true }),
    field.number('employee_count', 'Jumlah Karyawan', { min: 0, unit: 'orang' }),
    purposeField({ hint: 'Contoh: pengajuan KUR' }),
    phoneField,
  ],
  statement:
    'Berdasarkan pengamatan dan keterangan yang ada, nama tersebut di atas benar-benar memiliki usaha {business_name} ({business_type}) yang beralamat di {business_address} sejak {business_started_at}[ dengan jumlah karyawan {employee_count}].',
};
