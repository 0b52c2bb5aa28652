import { RELIGIONS } from '../../choices.ts';
import { field } from '../../fields.ts';
import { defineContentResource, genderCountFields, positionField } from '../content-resource.ts';

export const populationReligions = defineContentResource({
  key: 'population-religions',
  group: 'about-religion',
  labels: { singular: 'Data Agama', plural: 'Data Agama' },
  menu: { section: 'Profil Desa', title: 'Agama' },
  fields: [
    field.select('religion', 'Agama', { required: true, options: RELIGIONS, unique: true }),
    ...genderCountFields,
    positionField,
  ],
  listColumns: ['religion', 'male_count', 'female_count', 'position'],
  defaultSort: { field: 'position', direction: 'asc' },
  searchable: ['religion'],
});
