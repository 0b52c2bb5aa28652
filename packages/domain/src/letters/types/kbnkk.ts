import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const kbnkk: LetterType = {
  code: 'kbnkk',
  title: 'Beda Nama KTP dan KK',
  name: 'Surat Keterangan Beda Nama KTP dan KK',
  aliases: ['beda nama', 'KTP', 'KK', 'kartu keluarga', 'nama berbeda'],
  base: '/api/skbn-letter',
  pdfTitle: 'SURAT KETERANGAN BEDA NAMA',
  classificationCode: '470',
  serviceDays: 2,
  description:
    'Surat keterangan bahwa nama Anda ditulis berbeda pada KTP dan Kartu Keluarga, tetapi merujuk pada orang yang sama. Dapat dipakai untuk mengurus perbaikan data di Disdukcapil atau keperluan administrasi lain.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'bukti_nama',
      'Fotokopi Akta Kelahiran atau ijazah sebagai bukti penulisan nama yang benar',
      'optional',
    ),
  ],
  fields: [
    field.text('name_on_ktp', 'Nama pada KTP', { required: true, maxLength: 100 }),
    field.text('name_on_kk', 'Nama pada KK', { required: true, maxLength: 100 }),
    field.text('difference', 'Letak Perbedaan', {
      required: true,
      hint: 'Contoh: ejaan "Muhamad" dan "Muhammad"',
    }),
    field.select('correct_document', 'Data yang Benar', { required: true, options: ['KTP', 'KK'] }),
    purposeField({ hint: 'Contoh: perbaikan data di Disdukcapil' }),
    phoneField,
  ],
  statement:
    'Berdasarkan data kependudukan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village}. Pada Kartu Tanda Penduduk (KTP) yang bersangkutan tertulis nama {name_on_ktp}, sedangkan pada Kartu Keluarga (KK) tertulis nama {name_on_kk}, dengan perbedaan pada {difference|lcfirst}. Kedua nama tersebut adalah benar merujuk pada satu orang yang sama, dan penulisan yang benar adalah sebagaimana tercantum pada {correct_document}.',
};
