import { field } from '../../fields.ts';
import { defineContentResource, positionField } from '../content-resource.ts';

export const homepageHeaders = defineContentResource({
  key: 'homepage-headers',
  group: 'home-header',
  labels: { singular: 'Header Beranda', plural: 'Header Beranda' },
  menu: { section: 'Beranda', title: 'Header' },
  fields: [
    field.text('title', 'Judul', { required: true, maxLength: 150 }),
    field.textarea('subtitle', 'Subjudul', { maxLength: 500 }),
    field.image('image', 'Gambar', { required: true, hint: 'Foto lebar, minimal 1600 piksel.' }),
    field.text('button_label', 'Teks Tombol', { maxLength: 50, hint: 'Contoh: Ajukan Surat' }),
    field.text('button_link', 'Tautan Tombol', {
      maxLength: 500,
      // A path of this site (never `//host` or `/\host`, which browsers read as another site,
      // and no backslash at all) or an explicit https:// address.
      pattern: '(?:/(?![/\\\\])[^\\s\\\\]*|https://[^\\s/\\\\][^\\s\\\\]*)',
      patternMessage:
        'Tautan Tombol harus berupa alamat halaman situs ini yang diawali satu / (misalnya /service) atau alamat lengkap yang diawali https://.',
      hint: 'Contoh: /service',
    }),
    field.boolean('active', 'Tampilkan', { default: true }),
    positionField,
  ],
  listColumns: ['image', 'title', 'active', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['title', 'subtitle'],
});
