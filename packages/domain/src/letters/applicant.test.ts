import { describe, expect, it } from 'vitest';
import { fieldErrors, schemaFromFields } from '../schemas/fields.ts';
import { msg } from '../messages.ts';
import { userField } from '../user-fields.ts';
import {
  APPLICANT_FIELDS,
  APPLICANT_LABELS,
  applicantFromProfile,
  applicantSchema,
  missingApplicantFields,
} from './applicant.ts';

const siti = {
  name: 'Siti Nurhaliza',
  nik: '3201014506900002',
  kk_number: '3201010101090015',
  birth_place: 'Bogor',
  birth_date: '1990-06-05',
  gender: 'Perempuan',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Wiraswasta',
  education: 'SMA/Sederajat',
  nationality: 'WNI',
  address: 'Kampung Babakan No. 8',
  rt: '002',
  rw: '004',
  hamlet: 'Dusun I',
};
const OPTIONAL = ['kk_number', 'rt', 'rw', 'hamlet'];

describe('applicant block', () => {
  it('has the fields of LETTERS.md in order', () => {
    expect(APPLICANT_FIELDS.map((f) => f.name)).toEqual(Object.keys(siti));
    expect(APPLICANT_FIELDS.filter((f) => !f.required).map((f) => f.name)).toEqual(OPTIONAL);
    expect(APPLICANT_LABELS.marital_status).toBe('Status perkawinan');
  });

  it('is a subset of the user fields: same label, kind and rules, only required-ness differs', () => {
    for (const f of APPLICANT_FIELDS) {
      const { required: _r, unique: _u, ...own } = f;
      const { required: _ur, unique: _uu, ...user } = userField(f.name);
      expect(own, f.name).toEqual(user);
    }
  });

  it('accepts a complete applicant, and one without the optional fields', () => {
    expect(applicantSchema.parse(siti)).toEqual(siti);
    const minimal = Object.fromEntries(Object.entries(siti).filter(([k]) => !OPTIONAL.includes(k)));
    expect(applicantSchema.safeParse(minimal).success).toBe(true);
  });

  it.each(APPLICANT_FIELDS.filter((f) => f.required).map((f) => [f.name, f.label] as const))(
    'requires %s, as the field definitions say',
    (name, label) => {
      const input = { ...siti, [name]: '' };
      const r = applicantSchema.safeParse(input);
      expect(r.success ? {} : fieldErrors(r.error)).toEqual({ [name]: [msg.required(label)] });
      const fromFields = schemaFromFields(APPLICANT_FIELDS).safeParse(input);
      expect(fromFields.success ? {} : fieldErrors(fromFields.error)).toEqual({
        [name]: [msg.required(label)],
      });
    },
  );

  it('checks formats with the profile rules', () => {
    const r = applicantSchema.safeParse({
      ...siti,
      nik: '123',
      rt: '12a',
      birth_date: '2999-01-01',
    });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({
      nik: [msg.exactDigits('NIK', 16)],
      rt: ['RT harus 1–3 digit angka.'],
      birth_date: [msg.dateNotFuture('Tanggal lahir')],
    });
  });

  it('missingApplicantFields lists the labels a profile still lacks', () => {
    expect(missingApplicantFields(siti)).toEqual([]);
    expect(missingApplicantFields({ ...siti, nik: null, occupation: '  ', rt: null })).toEqual([
      'NIK',
      'Pekerjaan',
    ]);
    expect(missingApplicantFields({ name: 'Budi' })).toHaveLength(10);
  });

  it('applicantFromProfile keeps only the block, with empty values as null', () => {
    expect(applicantFromProfile({ ...siti, hamlet: '', email: 'x@y.id' } as never)).toEqual({
      ...siti,
      hamlet: null,
    });
  });
});
