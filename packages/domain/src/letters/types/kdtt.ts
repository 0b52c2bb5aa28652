import { field } from '../../fields.ts';
import { DEFAULT_REQUIREMENTS, phoneField, purposeField, type LetterType } from '../letter-type.ts';

const rtRw = (name: string, label: string) =>
  field.text(name, label, {
    required: true,
    maxLength: 3,
    pattern: '\\d{1,3}',
    patternMessage: `${label} harus 1–3 digit angka.`,
  });

export const kdtt: LetterType = {
  code: 'kdtt',
  title: 'Domisili Tempat Tinggal',
  name: 'Surat Keterangan Domisili',
  aliases: ['domisili', 'SKD', 'keterangan domisili', 'tempat tinggal'],
  base: '/api/domicile-certificate',
  pdfTitle: 'SURAT KETERANGAN DOMISILI',
  classificationCode: '470',
  serviceDays: 1,
  description:
    'Surat keterangan bahwa Anda benar bertempat tinggal (berdomisili) di wilayah desa ini, misalnya untuk melamar pekerjaan, membuka rekening bank atau mendaftar sekolah.',
  requirements: [...DEFAULT_REQUIREMENTS],
  fields: [
    field.text('domicile_address', 'Alamat Domisili', {
      required: true,
      hint: 'Nama jalan atau gang dan nomor rumah',
    }),
    rtRw('domicile_rt', 'RT'),
    rtRw('domicile_rw', 'RW'),
    field.date('resident_since', 'Tinggal Sejak', { required: true, notFuture: true }),
    purposeField({ required: false }),
    phoneField,
  ],
  statement:
    'Berdasarkan data dan keterangan yang ada pada kami, nama tersebut di atas adalah benar bertempat tinggal (berdomisili) di {domicile_address}, RT {domicile_rt} RW {domicile_rw}, Desa {village}, sejak tanggal {resident_since} sampai dengan surat keterangan ini dibuat.',
};
