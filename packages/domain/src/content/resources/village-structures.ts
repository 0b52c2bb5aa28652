import { field } from '../../fields.ts';
import { defineContentResource, positionField } from '../content-resource.ts';

export const villageStructures = defineContentResource({
  key: 'village-structures',
  group: 'about-official',
  labels: { singular: 'Aparat Desa', plural: 'Aparat Desa' },
  menu: { section: 'Profil Desa', title: 'Aparat' },
  fields: [
    field.text('name', 'Nama', { required: true, maxLength: 100 }),
    field.text('position_title', 'Jabatan', {
      required: true,
      maxLength: 100,
      hint: 'Contoh: Sekretaris Desa',
    }),
    field.text('nip', 'NIP/NIPD', {
      maxLength: 30,
      pattern: '[0-9 .]{1,30}',
      patternMessage: 'NIP/NIPD hanya boleh berisi angka, spasi dan titik.',
    }),
    field.image('photo', 'Foto'),
    field.text('period', 'Masa Jabatan', { maxLength: 50, hint: 'Contoh: 2021–2027' }),
    field.reference('reports_to', 'Atasan', {
      references: 'village-structures',
      titleField: 'name',
      hint: 'Aparat yang menjadi atasan langsung, untuk bagan organisasi.',
    }),
    positionField,
  ],
  listColumns: ['photo', 'name', 'position_title', 'reports_to', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['name', 'position_title', 'nip'],
});
