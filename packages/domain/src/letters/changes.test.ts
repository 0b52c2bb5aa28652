import { describe, expect, it } from 'vitest';
import type { ApplicantSnapshot } from './applicant.ts';
import { letterChanges } from './changes.ts';
import { LETTER_TYPES } from './registry.ts';

const person: ApplicantSnapshot = {
  name: 'Siti Rahma',
  nik: '3201010101900001',
  kk_number: '3201010101900099',
  birth_place: 'Bogor',
  birth_date: '1990-01-01',
  gender: 'Perempuan',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Pedagang',
  education: 'SLTA/Sederajat',
  nationality: 'WNI',
  address: 'Jl. Melati 1',
  rt: '001',
  rw: '002',
  hamlet: null,
};

describe('letterChanges', () => {
  it.each(LETTER_TYPES.map((t) => [t.code, t] as const))(
    '%s: no change when nothing differs, one entry per changed field in form order',
    (_code, type) => {
      const data = { purpose: 'Melamar pekerjaan', phone: '081234567890' };
      expect(letterChanges(type, { data }, { data: { ...data } })).toEqual([]);
      const changed = letterChanges(
        type,
        { data },
        { data: { ...data, purpose: 'Membuka rekening', phone: null } },
      );
      expect(changed.map((c) => c.field)).toEqual(['purpose', 'phone']);
      expect(changed[0]).toMatchObject({ old: 'Melamar pekerjaan', new: 'Membuka rekening' });
      expect(changed[1]).toMatchObject({ old: '081234567890', new: null });
      const labels = Object.fromEntries(type.fields.map((f) => [f.name, f.label]));
      expect(changed.map((c) => c.label)).toEqual([labels.purpose, labels.phone]);
    },
  );

  it('shows money as it is read', () => {
    const type = LETTER_TYPES.find((t) => t.fields.some((f) => f.kind === 'money'))!;
    const money = type.fields.find((f) => f.kind === 'money')!;
    const before = { data: { [money.name]: 1500000 } };
    expect(letterChanges(type, before, { data: { [money.name]: 1500000 } })).toEqual([]);
    expect(letterChanges(type, before, { data: { [money.name]: 2000000 } })).toEqual([
      { field: money.name, label: money.label, old: 'Rp1.500.000', new: 'Rp2.000.000' },
    ]);
  });

  it('lists a retyped applicant block after the fields, NIK and No. KK by their last four digits', () => {
    const type = LETTER_TYPES[0]!;
    const changed = letterChanges(
      type,
      { data: {}, applicant: person },
      {
        data: {},
        applicant: {
          ...person,
          nik: '3201010101900002',
          birth_date: '1990-02-01',
          hamlet: 'Cibeureum',
        },
      },
    );
    expect(changed).toEqual([
      { field: 'applicant.nik', label: 'NIK', old: '…0001', new: '…0002' },
      {
        field: 'applicant.birth_date',
        label: 'Tanggal lahir',
        old: '1 Januari 1990',
        new: '1 Februari 1990',
      },
      { field: 'applicant.hamlet', label: expect.any(String), old: null, new: 'Cibeureum' },
    ]);
    expect(JSON.stringify(changed)).not.toContain('3201010101900001');
  });
});
