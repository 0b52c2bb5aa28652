import { field } from '../../fields.ts';
import { DEFAULT_REQUIREMENTS, phoneField, purposeField, type LetterType } from '../letter-type.ts';

export const pskck: LetterType = {
  code: 'pskck',
  title: 'Pengantar SKCK',
  base: '/api/skck-letter',
  pdfTitle: 'SURAT PENGANTAR SKCK',
  classificationCode: '300',
  description:
    'Surat pengantar dari desa untuk mengurus Surat Keterangan Catatan Kepolisian (SKCK) di Polsek atau Polres, misalnya untuk melamar pekerjaan atau mendaftar sekolah.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    'Fotokopi Akta Kelahiran atau ijazah terakhir',
    'Pas foto 4x6 berlatar merah sebanyak 6 lembar',
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
