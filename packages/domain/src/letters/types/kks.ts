import { field } from '../../fields.ts';
import { phoneField, purposeField, requirement, type LetterType } from '../letter-type.ts';

export const kks: LetterType = {
  code: 'kks',
  title: 'KTP Sementara',
  name: 'Surat Keterangan KTP Dalam Proses',
  aliases: ['KTP sementara', 'e-KTP', 'suket KTP', 'suket', 'KTP hilang'],
  base: '/api/temporary-cards',
  pdfTitle: 'SURAT KETERANGAN KTP DALAM PROSES',
  classificationCode: '471',
  serviceDays: 1,
  description:
    'Surat keterangan pengganti sementara bila KTP-el Anda belum jadi, hilang, rusak atau sedang diubah datanya, agar Anda tetap dapat mengurus keperluan administrasi.',
  // A resident whose KTP is missing cannot copy it, so the old one is asked for only if there is one.
  requirements: [
    requirement('ktp_lama', 'Fotokopi KTP lama (bila ada)', 'optional'),
    requirement('kk', 'Fotokopi Kartu Keluarga', 'optional'),
    requirement('pengantar_rt_rw', 'Surat Pengantar RT/RW', 'optional'),
    requirement(
      'bukti_perekaman',
      'Bukti perekaman KTP-el dari Disdukcapil (bila ada)',
      'optional',
    ),
    requirement(
      'lapor_kehilangan',
      'Surat tanda lapor kehilangan dari Kepolisian (bila KTP hilang)',
      'optional',
    ),
  ],
  fields: [
    field.select('reason', 'Alasan', {
      required: true,
      options: ['KTP belum jadi / dalam proses', 'KTP hilang', 'KTP rusak', 'Perubahan data'],
    }),
    field.date('recorded_at', 'Tanggal Perekaman', {
      notFuture: true,
      hint: 'Tanggal perekaman KTP-el, bila sudah melakukan perekaman.',
    }),
    purposeField(),
    phoneField,
  ],
  statement:
    'Berdasarkan data kependudukan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village} yang Kartu Tanda Penduduk Elektronik (KTP-el)-nya sedang dalam proses, dengan alasan: {reason}[, dan telah melakukan perekaman KTP-el pada tanggal {recorded_at}]. Surat keterangan ini berlaku sebagai pengganti KTP-el untuk sementara sampai KTP-el yang bersangkutan diterbitkan, paling lama 30 (tiga puluh) hari sejak tanggal dikeluarkan.',
};
