import { field } from '../../fields.ts';
import { defineContentResource } from '../content-resource.ts';

export const homepageGalleries = defineContentResource({
  key: 'homepage-galleries',
  group: 'home-gallery',
  labels: { singular: 'Foto Galeri', plural: 'Galeri' },
  menu: { section: 'Beranda', title: 'Galeri' },
  fields: [
    field.text('title', 'Judul', { required: true, maxLength: 150 }),
    field.textarea('description', 'Keterangan', { maxLength: 1000 }),
    field.image('image', 'Foto', { required: true }),
    field.date('taken_at', 'Tanggal Pengambilan', { notFuture: true }),
  ],
  listColumns: ['image', 'title', 'taken_at'],
  // Newest upload first; taken_at may be empty, and empty dates sort differently on SQLite and PostgreSQL.
  defaultSort: { field: 'created_at', direction: 'desc' },
  searchable: ['title', 'description'],
});
