import { field } from '../../fields.ts';
import { defineContentResource, positionField } from '../content-resource.ts';

export const villageProfiles = defineContentResource({
  key: 'village-profiles',
  group: 'about-profile',
  labels: { singular: 'Profil Desa', plural: 'Profil Desa' },
  menu: { section: 'Profil Desa', title: 'Desa' },
  fields: [
    field.text('title', 'Judul', {
      required: true,
      maxLength: 150,
      hint: 'Contoh: Sejarah Desa, Visi, Misi',
    }),
    field.richtext('content', 'Isi', { required: true }),
    field.image('image', 'Gambar'),
    positionField,
  ],
  listColumns: ['title', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['title', 'content'],
});
