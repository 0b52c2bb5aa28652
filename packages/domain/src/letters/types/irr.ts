import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const irr: LetterType = {
  code: 'irr',
  title: 'Surat Izin Rame Rame',
  name: 'Surat Pengantar Izin Keramaian',
  aliases: [
    'izin keramaian',
    'izin rame-rame',
    'izin hajatan',
    'izin acara',
    'resepsi',
    'pengantar polsek',
  ],
  base: '/api/public-event-permit',
  pdfTitle: 'SURAT PENGANTAR IZIN KERAMAIAN',
  classificationCode: '300',
  serviceDays: 3,
  description:
    'Surat pengantar dari desa untuk mengurus izin keramaian ke Polsek bila Anda akan mengadakan acara yang mengundang banyak orang, seperti resepsi pernikahan, khitanan atau pentas hiburan.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement(
      'pernyataan_tetangga',
      'Surat pernyataan tidak keberatan dari tetangga sekitar lokasi acara',
      'optional',
    ),
  ],
  fields: [
    field.text('event_name', 'Jenis/Nama Acara', {
      required: true,
      maxLength: 150,
      hint: 'Contoh: Resepsi Pernikahan',
    }),
    field.date('event_date', 'Tanggal Acara', { required: true, notPast: true }),
    field.date('event_end_date', 'Tanggal Selesai', {
      notBefore: 'event_date',
      hint: 'Isi bila acara berlangsung lebih dari satu hari.',
    }),
    field.time('start_time', 'Jam Mulai', { required: true }),
    field.time('end_time', 'Jam Selesai', {
      notBefore: 'start_time',
      notBeforeOnSameDay: ['event_date', 'event_end_date'],
      hint: 'Bila acara selesai lewat tengah malam, isi juga Tanggal Selesai.',
    }),
    field.text('venue', 'Tempat Acara', {
      required: true,
      hint: 'Contoh: Halaman rumah pemohon, Jl. Melati No. 12',
    }),
    field.number('guest_estimate', 'Perkiraan Jumlah Tamu', { min: 1, unit: 'orang' }),
    field.text('entertainment', 'Hiburan', { maxLength: 150, hint: 'Contoh: Organ tunggal' }),
    purposeField({ hint: 'Contoh: mengurus izin keramaian ke Polsek' }),
    phoneField,
  ],
  statement:
    'Orang tersebut di atas bermaksud menyelenggarakan acara {event_name} pada tanggal {event_date}[ sampai dengan tanggal {event_end_date}] mulai pukul {start_time}[ sampai dengan pukul {end_time}], bertempat di {venue}[, dengan perkiraan jumlah tamu {guest_estimate}][ dan hiburan {entertainment|lcfirst}]. Surat pengantar ini diberikan sebagai kelengkapan untuk memperoleh izin keramaian dari pihak Kepolisian, dengan ketentuan yang bersangkutan wajib menjaga ketertiban, keamanan dan kebersihan lingkungan selama acara berlangsung.',
};
