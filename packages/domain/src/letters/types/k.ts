import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const k: LetterType = {
  code: 'k',
  title: 'Surat Keterangan',
  name: 'Surat Keterangan',
  aliases: ['surat keterangan umum', 'keterangan desa', 'SK desa'],
  base: '/api/statement',
  pdfTitle: 'SURAT KETERANGAN',
  classificationCode: '470',
  serviceDays: 1,
  description:
    'Surat keterangan umum dari Pemerintah Desa untuk menerangkan hal tertentu tentang diri Anda yang tidak tercakup oleh jenis surat lain.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'dokumen_pendukung',
      'Dokumen pendukung yang berkaitan dengan hal yang diterangkan',
      'optional',
    ),
  ],
  fields: [
    field.textarea('details', 'Keterangan', {
      required: true,
      maxLength: 2000,
      hint: 'Lanjutkan kalimat "Yang bersangkutan …", misalnya: belum pernah menikah dan tidak sedang terikat perkawinan.',
    }),
    purposeField(),
    phoneField,
  ],
  statement:
    'Berdasarkan data dan keterangan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village}, dan dengan ini diterangkan bahwa yang bersangkutan {details|lcfirst|sentence}',
};
