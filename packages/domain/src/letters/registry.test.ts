import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../schemas/fields.ts';
import { msg } from '../messages.ts';
import { LETTER_EXAMPLES } from '../testing/letter-examples.ts';
import { schemaCases } from '../testing/schema-cases.ts';
import { APPLICANT_FIELDS } from './applicant.ts';
import {
  DEFAULT_REQUIREMENTS,
  LETTER_CODES,
  REQUIREMENT_ONLINE,
  requiredOnline,
  toBringToOffice,
  type LetterType,
} from './letter-type.ts';
import { LETTER_TYPES, letterSchema, letterTypeByBase, letterTypeByCode } from './registry.ts';
import { renderStatement, statementPlaceholders } from './statement.ts';

/** LETTERS.md: code, menu title, API base, PDF title, classification code. */
const TABLE: [string, string, string, string, string][] = [
  [
    'irr',
    'Surat Izin Rame Rame',
    '/api/public-event-permit',
    'SURAT PENGANTAR IZIN KERAMAIAN',
    '300',
  ],
  ['k', 'Surat Keterangan', '/api/statement', 'SURAT KETERANGAN', '470'],
  ['kbnbs', 'Beda Nama BPKB dan STNK', '/api/name-different', 'SURAT KETERANGAN BEDA NAMA', '470'],
  ['kbnkk', 'Beda Nama KTP dan KK', '/api/skbn-letter', 'SURAT KETERANGAN BEDA NAMA', '470'],
  [
    'kdtt',
    'Domisili Tempat Tinggal',
    '/api/domicile-certificate',
    'SURAT KETERANGAN DOMISILI',
    '470',
  ],
  ['kkel', 'Kelahiran', '/api/birth-certificates', 'SURAT KETERANGAN KELAHIRAN', '474.1'],
  ['kkem', 'Kematian', '/api/death-certificates', 'SURAT KETERANGAN KEMATIAN', '474.3'],
  ['kks', 'KTP Sementara', '/api/temporary-cards', 'SURAT KETERANGAN KTP DALAM PROSES', '471'],
  ['kp', 'Penghasilan', '/api/incomes-statement', 'SURAT KETERANGAN PENGHASILAN', '470'],
  ['ktm', 'Tidak Mampu', '/api/certificate-of-inbility', 'SURAT KETERANGAN TIDAK MAMPU', '400'],
  [
    'ktts',
    'Tempat Tinggal Sementara',
    '/api/temporary-residence-certificate',
    'SURAT KETERANGAN TEMPAT TINGGAL SEMENTARA',
    '470',
  ],
  ['ku', 'Usaha', '/api/business-certificate', 'SURAT KETERANGAN USAHA', '500'],
  [
    'pk',
    'Pengantar Kehilangan',
    '/api/lost-cover-letter',
    'SURAT PENGANTAR LAPORAN KEHILANGAN',
    '300',
  ],
  ['pp', 'Pengantar Perkawinan', '/api/marriage-statements', 'SURAT PENGANTAR PERKAWINAN', '474.2'],
  ['pskck', 'Pengantar SKCK', '/api/skck-letter', 'SURAT PENGANTAR SKCK', '300'],
];

const APPLICANT = {
  name: 'Ahmad Suhendi',
  nik: '3201010505850003',
  birth_place: 'Bogor',
  birth_date: '1985-05-05',
  gender: 'Laki-laki',
};

const fieldOf = (type: LetterType, name: string) => {
  const f = type.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${type.code} has no field ${name}`);
  return f;
};

describe('the letter-type registry', () => {
  it('lists the 15 types of LETTERS.md in order, with their titles, bases and codes', () => {
    expect(
      LETTER_TYPES.map((t) => [t.code, t.title, t.base, t.pdfTitle, t.classificationCode]),
    ).toEqual(TABLE);
    expect(LETTER_TYPES.map((t) => t.code)).toEqual([...LETTER_CODES]);
  });

  it('finds a type by code and by API base', () => {
    expect(letterTypeByCode('ku')?.base).toBe('/api/business-certificate');
    expect(letterTypeByBase('/api/certificate-of-inbility')?.code).toBe('ktm');
    expect(letterTypeByCode('xyz')).toBeUndefined();
    expect(letterTypeByBase('/api/statements')).toBeUndefined();
  });

  it('builds each schema once', () => {
    expect(letterSchema('ku')).toBe(letterSchema(letterTypeByCode('ku') as LetterType));
    expect(() => letterSchema('xyz' as never)).toThrow();
  });

  it('is plain JSON data (served at /api/letter-types)', () => {
    expect(JSON.parse(JSON.stringify(LETTER_TYPES))).toEqual(LETTER_TYPES);
  });
});

describe.each(LETTER_TYPES.map((t) => [t.code, t] as const))('letter type %s', (code, type) => {
  const example = LETTER_EXAMPLES[code];
  const schema = letterSchema(type);

  it('has a resident description, the default requirements and well-formed fields', () => {
    expect(type.description.length).toBeGreaterThan(40);
    expect(type.description).toMatch(/\.$/);
    if (code !== 'kks') expect(type.requirements.slice(0, 3)).toEqual([...DEFAULT_REQUIREMENTS]);
    const keys = type.requirements.map((r) => r.key);
    expect(new Set(keys).size, 'requirement keys are unique').toBe(keys.length);
    for (const r of type.requirements) {
      expect(r.key).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
      expect(REQUIREMENT_ONLINE).toContain(r.online);
      expect(r.label.trim()).not.toBe('');
    }
    const names = type.fields.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of type.fields) {
      expect(f.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(f.label.trim()).not.toBe('');
      if (f.kind === 'select') expect(f.options?.length).toBeGreaterThan(1);
      if (f.notBefore) expect(names.indexOf(f.notBefore)).toBeLessThan(names.indexOf(f.name));
      if (f.notBefore) expect(fieldOf(type, f.notBefore).kind).toBe(f.kind);
    }
  });

  it('ends with No. HP from the profile and has Keperluan', () => {
    expect(type.fields.at(-1)).toMatchObject({
      name: 'phone',
      kind: 'phone',
      required: false,
      defaultFromProfile: 'phone',
    });
    expect(fieldOf(type, 'purpose')).toMatchObject({ label: 'Keperluan', kind: 'textarea' });
    expect(fieldOf(type, 'purpose').required).toBe(code !== 'kdtt');
  });

  it('has a statement whose placeholders are all known', () => {
    const known = new Set([
      ...type.fields.map((f) => f.name),
      ...APPLICANT_FIELDS.map((f) => f.name),
      'village',
    ]);
    const used = statementPlaceholders(type.statement);
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(known, `{${name}} in ${code}`).toContain(name);
  });

  it.each([
    ['complete', example],
    [
      'with only required fields',
      Object.fromEntries(
        type.fields.filter((f) => f.required).map((f) => [f.name, example[f.name]]),
      ),
    ],
  ])('renders a clean statement from a %s request', (_kind, input) => {
    const data = schema.parse(input);
    const text = renderStatement(type, { ...APPLICANT, ...data }, { village: 'Sukamaju' });
    expect(text).toMatch(/^[A-Z].*\.$/);
    expect(text).not.toMatch(/[{}[\]]|\s[,.]|\s{2}| - |\.\./);
  });

  it('accepts the complete example and keeps every field', () => {
    const r = schema.safeParse(example);
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({});
    expect(Object.keys(example).sort()).toEqual(type.fields.map((f) => f.name).sort());
  });

  it('accepts only the required fields, storing the rest as null', () => {
    const required = Object.fromEntries(
      type.fields.filter((f) => f.required).map((f) => [f.name, example[f.name]]),
    );
    const r = schema.parse({ ...required, unknown_key: 'dibuang' });
    expect(Object.keys(r).sort()).toEqual(type.fields.map((f) => f.name).sort());
    for (const f of type.fields.filter((x) => !x.required)) expect(r[f.name]).toBeNull();
  });

  it.each(schemaCases(type.fields, example))('rejects $title', ({ input, field, message }) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ [field]: [message] });
  });
});

describe('rules LETTERS.md states', () => {
  const errorsFor = (code: string, patch: Record<string, unknown>) => {
    const type = letterTypeByCode(code) as LetterType;
    const r = letterSchema(type).safeParse({ ...LETTER_EXAMPLES[type.code], ...patch });
    return r.success ? {} : fieldErrors(r.error);
  };

  it('irr: Tanggal Selesai may not be before Tanggal Acara', () => {
    const ex = LETTER_EXAMPLES.irr;
    expect(errorsFor('irr', { event_end_date: ex.event_date })).toEqual({});
    expect(
      errorsFor('irr', { event_date: ex.event_end_date, event_end_date: ex.event_date }),
    ).toEqual({
      event_end_date: [msg.dateNotBefore('Tanggal Selesai', 'Tanggal Acara')],
    });
  });

  it('ktts: Sampai Tanggal may not be before Sejak Tanggal', () => {
    expect(errorsFor('ktts', { stay_from: '2025-01-10', stay_until: '2025-01-09' })).toEqual({
      stay_until: [msg.dateNotBefore('Sampai Tanggal', 'Sejak Tanggal')],
    });
  });

  it('kbnbs: Tahun Pembuatan from 1950', () => {
    expect(errorsFor('kbnbs', { manufacture_year: 1950 })).toEqual({});
    expect(errorsFor('kbnbs', { manufacture_year: 1949 })).toEqual({
      manufacture_year: [msg.min('Tahun Pembuatan', 1950)],
    });
  });

  it('kkel: Anak Ke from 1; kp and ktm: Jumlah Tanggungan from 0', () => {
    expect(errorsFor('kkel', { birth_order: 0 })).toEqual({ birth_order: [msg.min('Anak Ke', 1)] });
    expect(errorsFor('kp', { dependents: 0 })).toEqual({});
    expect(errorsFor('ktm', { dependents: -1 })).toEqual({
      dependents: [msg.min('Jumlah Tanggungan', 0)],
    });
  });

  it('kdtt: Keperluan is optional; pskck: it is required', () => {
    expect(errorsFor('kdtt', { purpose: '' })).toEqual({});
    expect(errorsFor('pskck', { purpose: '' })).toEqual({ purpose: [msg.required('Keperluan')] });
  });

  it('kp: money accepts plain rupiah and refuses separators and cents', () => {
    expect(letterSchema('kp').parse(LETTER_EXAMPLES.kp).monthly_income).toBe(2500000);
    expect(errorsFor('kp', { monthly_income: '1.500.000,50' })).toEqual({
      monthly_income: [msg.money('Penghasilan per Bulan')],
    });
  });

  it('type-specific requirements', () => {
    const req = (code: string) =>
      letterTypeByCode(code)
        ?.requirements.map((r) => r.label)
        .join(' | ') ?? '';
    expect(req('kkel')).toMatch(/surat keterangan lahir dari bidan/i);
    expect(req('kkem')).toMatch(
      /surat keterangan kematian dari rumah sakit atau dokter \(bila ada\)/i,
    );
    expect(req('ku')).toMatch(/foto tempat usaha/i);
  });

  it('says which requirements are attached online and what is brought to the office', () => {
    const kkel = letterTypeByCode('kkel')!;
    expect(requiredOnline(kkel).map((r) => r.key)).toEqual(['keterangan_lahir']);
    // Only the birth letter is mandatory online; every other type can be sent without photos.
    for (const t of LETTER_TYPES) if (t.code !== 'kkel') expect(requiredOnline(t)).toEqual([]);
    const pp = letterTypeByCode('pp')!;
    expect(toBringToOffice(pp, []).map((r) => r.key)).toEqual([
      'ktp',
      'kk',
      'pengantar_rt_rw',
      'akta_ijazah',
      'ktp_pasangan',
      'pas_foto',
      'akta_cerai',
    ]);
    expect(
      toBringToOffice(pp, ['ktp', 'kk', 'pengantar_rt_rw', 'akta_ijazah']).map((r) => r.label),
    ).toEqual([
      'Fotokopi KTP calon pasangan',
      'Pas foto 3x4 berlatar biru sebanyak 4 lembar',
      'Akta cerai atau akta kematian pasangan terdahulu (bagi duda atau janda)',
    ]);
    // Attaching a photo of a requirement to bring to the office changes nothing.
    expect(toBringToOffice(pp, ['pas_foto']).map((r) => r.key)).toContain('pas_foto');
  });
});
