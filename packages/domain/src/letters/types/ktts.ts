import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const ktts: LetterType = {
  code: 'ktts',
  title: 'Tempat Tinggal Sementara',
  name: 'Surat Keterangan Tempat Tinggal Sementara',
  aliases: ['tinggal sementara', 'domisili sementara', 'pendatang', 'kos', 'kontrak', 'SKTS'],
  base: '/api/temporary-residence-certificate',
  pdfTitle: 'SURAT KETERANGAN TEMPAT TINGGAL SEMENTARA',
  classificationCode: '470',
  serviceDays: 1,
  description:
    'Surat keterangan bagi pendatang yang tinggal sementara di desa ini, misalnya karena bekerja atau bersekolah, tanpa memindahkan data kependudukannya.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'pernyataan_pemilik',
      'Surat pernyataan dari pemilik rumah atau tempat kos yang ditempati',
      'optional',
    ),
  ],
  fields: [
    field.text('origin_address', 'Alamat Asal', { required: true }),
    field.text('temporary_address', 'Alamat Tinggal Sementara', { required: true }),
    field.date('stay_from', 'Sejak Tanggal', { required: true }),
    field.date('stay_until', 'Sampai Tanggal', { notBefore: 'stay_from' }),
    field.text('stay_reason', 'Alasan Tinggal', {
      required: true,
      maxLength: 150,
      hint: 'Contoh: bekerja',
    }),
    purposeField(),
    phoneField,
  ],
  statement:
    'Berdasarkan data dan keterangan yang ada pada kami, nama tersebut di atas yang beralamat asal di {origin_address} adalah benar bertempat tinggal sementara di {temporary_address}, Desa {village}, sejak tanggal {stay_from}[ sampai dengan tanggal {stay_until}], dengan alasan {stay_reason|lcfirst}.',
};
