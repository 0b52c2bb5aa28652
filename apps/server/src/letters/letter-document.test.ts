import { describe, expect, it } from 'vitest';
import {
  LETTER_TYPES,
  letterSchema,
  letterTypeByCode,
  type ApplicantSnapshot,
} from '@balai/domain';
import { LETTER_EXAMPLES } from '../../../../packages/domain/src/testing/letter-examples.ts';
import { DEFAULT_SETTINGS } from '../repositories/settings.ts';
import {
  applicantRows,
  detailRows,
  letterPdfInput,
  pdfFileName,
  villageName,
} from './letter-document.ts';

const applicant: ApplicantSnapshot = {
  name: 'Siti Rahmawati',
  nik: '3201014506880002',
  kk_number: null,
  birth_place: 'Bogor',
  birth_date: '1988-06-05',
  gender: 'Perempuan',
  religion: 'Islam',
  marital_status: 'Kawin',
  occupation: 'Pedagang',
  education: 'SMA/Sederajat',
  nationality: 'WNI',
  address: 'Jl. Raya Sukamaju No. 12',
  rt: '002',
  rw: '001',
  hamlet: null,
};

describe('what goes on a letter', () => {
  it('prints the applicant block in order, leaving out an empty No. KK', () => {
    const rows = applicantRows(applicant);
    expect(rows.map(([l]) => l)).toEqual([
      'Nama Lengkap',
      'NIK',
      'Tempat/Tanggal Lahir',
      'Jenis Kelamin',
      'Agama',
      'Status Perkawinan',
      'Pekerjaan',
      'Pendidikan',
      'Kewarganegaraan',
      'Alamat',
    ]);
    expect(rows[2]).toEqual(['Tempat/Tanggal Lahir', 'Bogor, 5 Juni 1988']);
    expect(rows.at(-1)).toEqual(['Alamat', 'Jl. Raya Sukamaju No. 12, RT 002/RW 001']);
  });

  it('prints fields the statement does not quote, formatted with units, without purpose and phone', () => {
    // A definition whose statement quotes none of its fields: all of them go to the table.
    const kp = { ...letterTypeByCode('kp')!, statement: 'Keterangan penghasilan.' };
    expect(
      detailRows(kp, {
        occupation: 'Petani',
        monthly_income: 2500000,
        income_source: null,
        dependents: 3,
        purpose: 'x',
        phone: '0812',
      }),
    ).toEqual([
      ['Pekerjaan', 'Petani'],
      ['Penghasilan per Bulan', 'Rp2.500.000'],
      ['Jumlah Tanggungan', '3 orang'],
    ]);
    const kkel = { ...letterTypeByCode('kkel')!, statement: 'Bayi bernama {baby_name}.' };
    const rows = detailRows(kkel, {
      baby_name: 'Aisyah',
      baby_birth_date: '2026-11-01',
      birth_time: '03:15',
      baby_weight: 3250,
      baby_length: 49.5,
    });
    expect(rows).toEqual([
      ['Tanggal Lahir', '1 November 2026'],
      ['Jam Lahir', '03.15'],
      ['Berat Bayi', '3.250 gram'],
      ['Panjang Bayi', '49,5 cm'],
    ]);
  });

  it('prints each datum once: a field the statement quotes is not repeated in a table', () => {
    const pk = letterTypeByCode('pk')!;
    const rows = detailRows(pk, {
      lost_item: 'Dompet',
      item_details: 'Dompet kulit cokelat',
      lost_date: '2026-11-01',
      lost_place: 'Pasar',
      chronology: 'Terjatuh di pasar.',
    });
    expect(rows).toEqual([]);
    // Every type's statement says all of its fields, so no letter repeats them in a table.
    for (const type of LETTER_TYPES) {
      const data = letterSchema(type).parse(LETTER_EXAMPLES[type.code]);
      expect(detailRows(type, data), type.code).toEqual([]);
    }
  });

  it('writes quantities with their unit in the statement, once', () => {
    const input = letterPdfInput(
      {
        type: letterTypeByCode('kkel')!,
        applicant,
        data: letterSchema('kkel').parse({ ...LETTER_EXAMPLES.kkel, baby_weight: '3250' }),
        number: '474.1/001/XI/2026',
        issuedOn: '2026-11-22',
        issuedAt: '2026-11-22T02:00:00.000Z',
        verifyUrl: 'http://balai.test/verify/abc',
      },
      { ...DEFAULT_SETTINGS, village_name: 'Desa Sukamaju' },
      null,
    );
    expect(input.statement).toContain('berat 3.250 gram, panjang 49,5 cm.');
    expect(input.statement).not.toContain('gram gram');
    expect(input.details).toEqual([]);
  });

  it('fills the statement from the snapshot and the data, with the village name', () => {
    const input = letterPdfInput(
      {
        type: letterTypeByCode('k')!,
        applicant,
        data: { details: 'belum pernah menikah', purpose: 'Melamar kerja', phone: null },
        number: '470/001/XI/2026',
        issuedOn: '2026-11-22',
        issuedAt: '2026-11-22T02:00:00.000Z',
        verifyUrl: 'http://balai.test/verify/abc',
      },
      { ...DEFAULT_SETTINGS, village_name: 'Desa Sukamaju' },
      null,
    );
    expect(input.statement).toContain('benar warga Desa Sukamaju');
    expect(input.statement).toContain('yang bersangkutan belum pernah menikah.');
    expect(input.purpose).toBe('Melamar kerja');
    expect(input.village.name).toBe('Sukamaju');
  });

  it('names downloads in plain ASCII', () => {
    expect(pdfFileName(letterTypeByCode('ku')!, '500/007/32.01.01.2001/XI/2026')).toBe(
      'surat-keterangan-usaha-500-007-32-01-01-2001-xi-2026.pdf',
    );
    expect(villageName({ village_name: 'Desa' })).toBe('Desa');
  });
});
