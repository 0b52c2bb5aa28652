import { field } from '../../fields.ts';
import { defineContentResource, positionField } from '../content-resource.ts';

export const villageProfiles = defineContentResource({
  key: 'village-profiles',
  group: 'about-profile',
  labels: { singular: 'Profil Desa', plural: 'Profil Desa' },
  // SPEC names the item "Desa"; it holds the profile's pages (Sejarah, Visi, Misi), issue 25.
  menu: { section: 'Profil Desa', title: 'Halaman Profil' },
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
