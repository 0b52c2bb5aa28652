import { field } from '../../fields.ts';
import { defineContentResource, positionField } from '../content-resource.ts';

export const homepageBenefits = defineContentResource({
  key: 'homepage-benefits',
  group: 'home-benefit',
  labels: { singular: 'Manfaat', plural: 'Manfaat' },
  menu: { section: 'Beranda', title: 'Manfaat' },
  fields: [
    field.text('title', 'Judul', { required: true, maxLength: 100 }),
    field.textarea('description', 'Deskripsi', { required: true, maxLength: 500 }),
    field.image('image', 'Ikon atau Gambar', {
      hint: 'Gambar persegi, misalnya 256 × 256 piksel.',
    }),
    positionField,
  ],
  listColumns: ['image', 'title', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['title', 'description'],
});
