import { RELIGIONS } from '../../choices.ts';
import { field } from '../../fields.ts';
import {
  DEFAULT_REQUIREMENTS,
  phoneField,
  purposeField,
  requirement,
  type LetterType,
} from '../letter-type.ts';

export const pp: LetterType = {
  code: 'pp',
  title: 'Pengantar Perkawinan',
  name: 'Surat Pengantar Perkawinan',
  aliases: ['pengantar nikah', 'nikah', 'menikah', 'N1', 'KUA', 'perkawinan'],
  base: '/api/marriage-statements',
  pdfTitle: 'SURAT PENGANTAR PERKAWINAN',
  classificationCode: '474.2',
  serviceDays: 2,
  description:
    'Surat pengantar dari desa untuk mendaftarkan rencana pernikahan di KUA bagi yang beragama Islam, atau di Dinas Kependudukan dan Pencatatan Sipil bagi yang beragama lain.',
  requirements: [
    ...DEFAULT_REQUIREMENTS,
    requirement('akta_ijazah', 'Fotokopi Akta Kelahiran atau ijazah terakhir', 'optional'),
    requirement('ktp_pasangan', 'Fotokopi KTP calon pasangan', 'optional'),
    requirement('pas_foto', 'Pas foto 3x4 berlatar biru sebanyak 4 lembar', 'office'),
    requirement(
      'akta_cerai',
      'Akta cerai atau akta kematian pasangan terdahulu (bagi duda atau janda)',
      'optional',
    ),
  ],
  fields: [
    field.select('applicant_status', 'Status Pemohon', {
      required: true,
      options: ['Jejaka', 'Perawan', 'Duda', 'Janda'],
    }),
    field.text('father_name', 'Nama Ayah Pemohon', { required: true, maxLength: 100 }),
    field.text('mother_name', 'Nama Ibu Pemohon', { required: true, maxLength: 100 }),
    field.text('partner_name', 'Nama Calon Pasangan', { required: true, maxLength: 100 }),
    field.nik('partner_nik', 'NIK Calon Pasangan'),
    field.text('partner_birth_place', 'Tempat Lahir Calon', { maxLength: 100 }),
    field.date('partner_birth_date', 'Tanggal Lahir Calon', { notFuture: true }),
    field.select('partner_religion', 'Agama Calon', { options: RELIGIONS }),
    field.text('partner_occupation', 'Pekerjaan Calon', { maxLength: 100 }),
    field.text('partner_address', 'Alamat Calon'),
    field.date('wedding_date', 'Rencana Tanggal Nikah'),
    field.text('wedding_place', 'Tempat Nikah', { hint: 'Contoh: KUA Kecamatan Cibungbulang' }),
    purposeField({ hint: 'Contoh: pendaftaran nikah di KUA' }),
    phoneField,
  ],
  statement:
    'Berdasarkan data kependudukan yang ada pada kami, nama tersebut di atas adalah benar warga Desa {village} dengan status {applicant_status|lower}, anak dari seorang ayah bernama {father_name} dan seorang ibu bernama {mother_name}. Yang bersangkutan bermaksud melangsungkan pernikahan dengan {partner_name}[ (NIK {partner_nik})][, lahir di {partner_birth_place}][, tanggal lahir {partner_birth_date}][, agama {partner_religion}][, pekerjaan {partner_occupation|lcfirst}][, beralamat di {partner_address}][, yang direncanakan pada tanggal {wedding_date}][ bertempat di {wedding_place}]. Sepanjang pengetahuan kami, tidak terdapat halangan bagi yang bersangkutan untuk melangsungkan pernikahan tersebut.',
};
