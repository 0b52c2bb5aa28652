import { field } from '../../fields.ts';
import { defineContentResource, genderCountFields, positionField } from '../content-resource.ts';

export const populationJobs = defineContentResource({
  key: 'population-jobs',
  group: 'about-job',
  labels: { singular: 'Data Pekerjaan', plural: 'Data Pekerjaan' },
  menu: { section: 'Profil Desa', title: 'Pekerjaan' },
  fields: [
    field.text('job', 'Pekerjaan', {
      required: true,
      maxLength: 100,
      unique: true,
      hint: 'Contoh: Petani',
    }),
    ...genderCountFields,
    positionField,
  ],
  listColumns: ['job', 'male_count', 'female_count', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['job'],
});
