import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const pskck: LetterType = {
  code: 'pskck',
  title: 'Pengantar SKCK',
  name: 'Surat Pengantar SKCK',
  aliases: ['SKCK', 'catatan kepolisian', 'kelakuan baik', 'melamar kerja'],
  base: '/api/skck-letter',
  pdfTitle: 'SURAT PENGANTAR SKCK',
  classificationCode: '300',
  serviceDays: 1,
  description:
    'Surat pengantar dari desa untuk mengurus Surat Keterangan Catatan Kepolisian (SKCK) di Polsek atau Polres, misalnya untuk melamar pekerjaan atau mendaftar sekolah.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement('akta_ijazah', 'Fotokopi Akta Kelahiran atau ijazah terakhir', 'optional'),
    requirement('pas_foto', 'Pas foto 4x6 berlatar merah sebanyak 6 lembar', 'office'),
  ],
  fields: [
    purposeField({ hint: 'Contoh: melamar pekerjaan' }),
    field.textarea('remarks', 'Keterangan', {
      maxLength: 1000,
      hint: 'Keterangan tambahan yang perlu dicantumkan, bila ada.',
    }),
    phoneField,
  ],
  statement:
    'Berdasarkan data dan pengamatan kami, nama tersebut di atas adalah benar warga Desa {village} yang sepanjang pengetahuan kami berkelakuan baik dan tidak pernah tersangkut perkara pidana maupun urusan dengan pihak Kepolisian.[ Keterangan lain: {remarks|sentence}] Surat pengantar ini diberikan sebagai kelengkapan untuk memperoleh Surat Keterangan Catatan Kepolisian (SKCK).',
};
