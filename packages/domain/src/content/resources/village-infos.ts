import { field } from '../../fields.ts';
import { defineContentResource, positionField } from '../content-resource.ts';

export const villageInfos = defineContentResource({
  key: 'village-infos',
  group: 'about-village-info',
  labels: { singular: 'Info Desa', plural: 'Info Desa' },
  menu: { section: 'Profil Desa', title: 'Info Desa' },
  fields: [
    field.text('label', 'Label', { required: true, maxLength: 100, hint: 'Contoh: Luas Wilayah' }),
    field.text('value', 'Nilai', { required: true, maxLength: 100, hint: 'Contoh: 1.250' }),
    field.text('unit', 'Satuan', { maxLength: 30, hint: 'Contoh: ha' }),
    field.image('icon', 'Ikon'),
    positionField,
  ],
  listColumns: ['label', 'value', 'unit', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['label', 'value'],
});
