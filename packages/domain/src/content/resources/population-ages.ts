import { field } from '../../fields.ts';
import { defineContentResource, genderCountFields } from '../content-resource.ts';

export const populationAges = defineContentResource({
  key: 'population-ages',
  group: 'about-age',
  labels: { singular: 'Kelompok Umur', plural: 'Kelompok Umur' },
  menu: { section: 'Profil Desa', title: 'Usia' },
  fields: [
    field.text('label', 'Kelompok Umur', {
      required: true,
      maxLength: 50,
      hint: 'Contoh: 0–4 tahun',
    }),
    field.number('age_from', 'Umur Dari', { required: true, min: 0, max: 150 }),
    field.number('age_to', 'Umur Sampai', {
      min: 0,
      max: 150,
      notBefore: 'age_from',
      hint: 'Kosongkan untuk kelompok teratas, misalnya 75 tahun ke atas.',
    }),
    ...genderCountFields,
  ],
  listColumns: ['label', 'age_from', 'age_to', 'male_count', 'female_count'],
  defaultSort: { field: 'age_from', direction: 'asc' },
  searchable: ['label'],
});
