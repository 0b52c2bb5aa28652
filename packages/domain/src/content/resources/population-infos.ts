import { field } from '../../fields.ts';
import { defineContentResource, positionField } from '../content-resource.ts';

export const populationInfos = defineContentResource({
  key: 'population-infos',
  group: 'about-population-info',
  labels: { singular: 'Info Penduduk', plural: 'Info Penduduk' },
  menu: { section: 'Profil Desa', title: 'Penduduk' },
  fields: [
    field.text('label', 'Label', {
      required: true,
      maxLength: 100,
      hint: 'Contoh: Jumlah Kepala Keluarga',
    }),
    field.text('value', 'Nilai', { required: true, maxLength: 100, hint: 'Contoh: 1.284' }),
    field.text('unit', 'Satuan', { maxLength: 30, hint: 'Contoh: KK' }),
    positionField,
  ],
  listColumns: ['label', 'value', 'unit', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['label'],
});
