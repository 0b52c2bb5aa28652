import { describe, expect, it } from 'vitest';
import {
  field,
  jsonSchemaFromFields,
  MAX_INTEGER,
  profileDefaults,
  type FieldDef,
} from './fields.ts';
import { fieldErrors, schemaFromFields } from './schemas/fields.ts';
import { msg } from './messages.ts';
import { daysFromToday } from './testing/field-cases.ts';

const errorsOf = (fields: readonly FieldDef[], input: unknown) => {
  const r = schemaFromFields(fields).safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};
const valueOf = (f: FieldDef, value: unknown) => {
  const r = schemaFromFields([f]).safeParse({ [f.name]: value });
  if (!r.success) throw new Error(JSON.stringify(fieldErrors(r.error)));
  return r.data[f.name];
};

describe('schemaFromFields', () => {
  it('trims text and turns empty optional values into null', () => {
    const fields = [
      field.text('name', 'Nama', { required: true }),
      field.text('nickname', 'Panggilan'),
      field.number('age', 'Umur'),
      field.date('born', 'Tanggal Lahir'),
    ];
    const r = schemaFromFields(fields).parse({ name: '  Siti  ', nickname: '   ', born: '' });
    expect(r).toEqual({ name: 'Siti', nickname: null, age: null, born: null });
  });

  it('drops keys that are not fields', () => {
    const r = schemaFromFields([field.text('name', 'Nama')]).parse({ name: 'A', role: 'ADMIN' });
    expect(r).toEqual({ name: 'A' });
  });

  it('names the label in the required message', () => {
    expect(errorsOf([field.text('business_name', 'Nama Usaha', { required: true })], {})).toEqual({
      business_name: ['Nama Usaha wajib diisi.'],
    });
  });

  it('reports every wrong field at once', () => {
    const fields = [
      field.text('a', 'Satu', { required: true }),
      field.money('b', 'Dua'),
      field.time('c', 'Tiga'),
    ];
    expect(errorsOf(fields, { b: '1,5', c: '25:00' })).toEqual({
      a: [msg.required('Satu')],
      b: [msg.money('Dua')],
      c: [msg.time('Tiga')],
    });
  });

  it('uses the default when a field is left empty', () => {
    const fields = [field.boolean('active', 'Tampilkan', { default: true })];
    expect(schemaFromFields(fields).parse({})).toEqual({ active: true });
    expect(schemaFromFields(fields).parse({ active: false })).toEqual({ active: false });
  });

  it('keeps line breaks of a textarea as \\n and applies the kind defaults for length', () => {
    expect(valueOf(field.textarea('t', 'Catatan'), 'satu\r\ndua')).toBe('satu\ndua');
    expect(errorsOf([field.text('t', 'Judul')], { t: 'a'.repeat(256) })).toEqual({
      t: [msg.maxLength('Judul', 255)],
    });
    expect(valueOf(field.textarea('t', 'Catatan'), 'a'.repeat(5000))).toHaveLength(5000);
    expect(errorsOf([field.textarea('t', 'Catatan')], { t: 'a'.repeat(5001) })).toEqual({
      t: [msg.maxLength('Catatan', 5000)],
    });
    expect(valueOf(field.richtext('t', 'Isi'), 'a'.repeat(20000))).toHaveLength(20000);
    expect(errorsOf([field.richtext('t', 'Isi')], { t: 'a'.repeat(20001) })).toEqual({
      t: [msg.maxLength('Isi', 20000)],
    });
  });
});

describe('field kinds', () => {
  it('number: whole numbers from numbers or numeric strings', () => {
    const f = field.number('n', 'Jumlah', { min: 0 });
    expect(valueOf(f, '12')).toBe(12);
    expect(valueOf(f, 0)).toBe(0);
    expect(errorsOf([f], { n: '12.5' })).toEqual({ n: [msg.integer('Jumlah')] });
    expect(errorsOf([f], { n: '1e3' })).toEqual({ n: [msg.number('Jumlah')] });
    expect(errorsOf([f], { n: true })).toEqual({ n: [msg.number('Jumlah')] });
    expect(errorsOf([f], { n: MAX_INTEGER + 1 })).toEqual({ n: [msg.max('Jumlah', MAX_INTEGER)] });
  });

  it('number: fractions with a comma or a dot when decimal', () => {
    const f = field.number('n', 'Panjang', { decimal: true });
    expect(valueOf(f, '49,5')).toBe(49.5);
    expect(valueOf(f, '49.5')).toBe(49.5);
    expect(valueOf(f, 50)).toBe(50);
  });

  it('number: the current year as the upper limit', () => {
    const f = field.number('y', 'Tahun Pembuatan', { min: 1950, maxThisYear: true });
    const year = Number(daysFromToday(0).slice(0, 4));
    expect(valueOf(f, year)).toBe(year);
    expect(errorsOf([f], { y: year + 1 })).toEqual({ y: [msg.max('Tahun Pembuatan', year)] });
    expect(errorsOf([f], { y: 1949 })).toEqual({ y: [msg.min('Tahun Pembuatan', 1950)] });
  });

  it('money: whole rupiah only', () => {
    const f = field.money('m', 'Penghasilan per Bulan');
    expect(valueOf(f, 1500000)).toBe(1500000);
    expect(valueOf(f, '1500000')).toBe(1500000);
    expect(valueOf(f, '0')).toBe(0);
    for (const typed of [
      '1.500.000',
      'Rp 1.500.000',
      'Rp1.500.000',
      'rp. 1500000',
      '1.500.000,-',
    ]) {
      expect(valueOf(f, typed)).toBe(1500000);
    }
    for (const bad of ['1.500.000,50', '1.50.000', '1.5', '1500000.5', 1500000.5, 'Rp', '1,5']) {
      expect(errorsOf([f], { m: bad })).toEqual({ m: [msg.money('Penghasilan per Bulan')] });
    }
    expect(errorsOf([f], { m: -5 })).toEqual({ m: [msg.min('Penghasilan per Bulan', 0)] });
  });

  it('date: real dates, past and future rules against today', () => {
    const past = field.date('d', 'Tanggal Lahir', { notFuture: true });
    const future = field.date('d', 'Tanggal Acara', { notPast: true });
    expect(valueOf(past, daysFromToday(0))).toBe(daysFromToday(0));
    expect(valueOf(future, daysFromToday(0))).toBe(daysFromToday(0));
    expect(valueOf(past, '2024-02-29')).toBe('2024-02-29');
    expect(errorsOf([past], { d: '2023-02-29' })).toEqual({ d: [msg.date('Tanggal Lahir')] });
    expect(errorsOf([past], { d: '2024-02-29T00:00:00Z' })).toEqual({
      d: [msg.date('Tanggal Lahir')],
    });
    expect(errorsOf([past], { d: daysFromToday(1) })).toEqual({
      d: [msg.dateNotFuture('Tanggal Lahir')],
    });
    expect(errorsOf([future], { d: daysFromToday(-1) })).toEqual({
      d: [msg.dateNotPast('Tanggal Acara')],
    });
  });

  it('time: HH:MM, 24-hour', () => {
    const f = field.time('t', 'Jam Mulai');
    expect(valueOf(f, '00:00')).toBe('00:00');
    expect(valueOf(f, '23:59')).toBe('23:59');
    for (const typed of ['7:30', '07.30', '7.30', '0730']) expect(valueOf(f, typed)).toBe('07:30');
    for (const bad of ['24:00', '07:30:00', '7', '07.3', '12:60', 730]) {
      expect(errorsOf([f], { t: bad })).toEqual({ t: [msg.time('Jam Mulai')] });
    }
  });

  it('select: exactly one of the options', () => {
    const f = field.select('s', 'Dokumen', { options: ['BPKB', 'STNK'] });
    expect(valueOf(f, ' STNK ')).toBe('STNK');
    expect(errorsOf([f], { s: 'stnk' })).toEqual({ s: ['Pilih dokumen dari daftar.'] });
  });

  it('nik: exactly 16 digits as a string', () => {
    const f = field.nik('n', 'NIK Ayah');
    expect(valueOf(f, '3201011203880004')).toBe('3201011203880004');
    expect(errorsOf([f], { n: '320101120388000' })).toEqual({
      n: ['NIK Ayah harus 16 digit angka.'],
    });
  });

  it('phone: as in the profile, spaces and dashes dropped', () => {
    const f = field.phone('p', 'No. HP');
    expect(valueOf(f, '0812-3456 7890')).toBe('081234567890');
    expect(valueOf(f, '+6281234567890')).toBe('+6281234567890');
    expect(Object.keys(errorsOf([f], { p: '- - -' }))).toEqual(['p']);
  });

  it('email: valid and lower-cased', () => {
    const f = field.email('e', 'E-mail');
    expect(valueOf(f, ' Desa@Sukamaju.ID ')).toBe('desa@sukamaju.id');
    expect(errorsOf([f], { e: 'desa@' })).toEqual({ e: [msg.email('E-mail')] });
  });

  it('image and reference: positive integer ids', () => {
    expect(valueOf(field.image('i', 'Foto'), '42')).toBe(42);
    expect(valueOf(field.reference('r', 'Atasan'), 3)).toBe(3);
    expect(errorsOf([field.image('i', 'Foto')], { i: 1.5 })).toEqual({ i: [msg.image('Foto')] });
    expect(errorsOf([field.reference('r', 'Atasan')], { r: 'x' })).toEqual({
      r: ['Pilih atasan dari daftar.'],
    });
  });

  it('boolean: true/false in the shapes forms send', () => {
    const f = field.boolean('b', 'Tampilkan');
    for (const yes of [true, 'true', 1, '1']) expect(valueOf(f, yes)).toBe(true);
    for (const no of [false, 'false', 0, '0']) expect(valueOf(f, no)).toBe(false);
    expect(errorsOf([f], { b: 'ya' })).toEqual({ b: [msg.boolean('Tampilkan')] });
  });

  it('text: a pattern with its own message', () => {
    const f = field.text('rt', 'RT', {
      pattern: '\\d{1,3}',
      patternMessage: 'RT harus 1–3 digit angka.',
    });
    expect(valueOf(f, '004')).toBe('004');
    expect(errorsOf([f], { rt: '4a' })).toEqual({ rt: ['RT harus 1–3 digit angka.'] });
    expect(errorsOf([f], { rt: '1234' })).toEqual({ rt: ['RT harus 1–3 digit angka.'] });
  });
});

describe('notBefore', () => {
  const fields = [
    field.date('from', 'Tanggal Mulai', { required: true }),
    field.date('until', 'Tanggal Selesai', { notBefore: 'from' }),
  ];

  it('puts the error on the later field', () => {
    expect(errorsOf(fields, { from: '2026-05-02', until: '2026-05-01' })).toEqual({
      until: [msg.dateNotBefore('Tanggal Selesai', 'Tanggal Mulai')],
    });
  });

  it('allows the same day, a later day, and an empty later field', () => {
    expect(errorsOf(fields, { from: '2026-05-02', until: '2026-05-02' })).toEqual({});
    expect(errorsOf(fields, { from: '2026-05-02', until: '2026-06-01' })).toEqual({});
    expect(errorsOf(fields, { from: '2026-05-02' })).toEqual({});
  });

  it("shows beside the other fields' errors, not after them", () => {
    const more = [...fields, field.text('name', 'Nama', { required: true })];
    expect(errorsOf(more, { from: '2026-05-02', until: '2026-05-01' })).toEqual({
      name: [msg.required('Nama')],
      until: [msg.dateNotBefore('Tanggal Selesai', 'Tanggal Mulai')],
    });
  });

  it('is not checked while either date is itself wrong, but other fields still are', () => {
    expect(errorsOf(fields, { from: '2026-02-30', until: '2026-01-01' })).toEqual({
      from: [msg.date('Tanggal Mulai')],
    });
  });

  it('reports a body that is no object at all, instead of throwing', () => {
    for (const body of [null, undefined, [], 'teks', 7]) {
      const r = schemaFromFields(fields).safeParse(body);
      expect(r.success).toBe(false);
      if (!r.success) expect(Object.keys(fieldErrors(r.error))).toEqual(['_form']);
    }
  });

  it('times: only on the same day (the end date empty or equal)', () => {
    const event = [
      field.date('day', 'Tanggal Acara', { required: true }),
      field.date('end_day', 'Tanggal Selesai'),
      field.time('start', 'Jam Mulai', { required: true }),
      field.time('end', 'Jam Selesai', {
        notBefore: 'start',
        notBeforeOnSameDay: ['day', 'end_day'],
      }),
      field.text('venue', 'Tempat', { required: true }),
    ];
    const late = msg.timeNotBefore('Jam Selesai', 'Jam Mulai');
    expect(errorsOf(event, { day: '2026-05-02', start: '19.00', end: '17.00' })).toEqual({
      venue: [msg.required('Tempat')],
      end: [late],
    });
    expect(
      errorsOf(event, {
        day: '2026-05-02',
        end_day: '2026-05-02',
        start: '19:00',
        end: '18:59',
        venue: 'x',
      }),
    ).toEqual({ end: [late] });
    expect(
      errorsOf(event, {
        day: '2026-05-02',
        end_day: '2026-05-03',
        start: '19:00',
        end: '01:00',
        venue: 'x',
      }),
    ).toEqual({});
    expect(
      errorsOf(event, { day: '2026-05-02', start: '19:00', end: '19:00', venue: 'x' }),
    ).toEqual({});
    // A wrong start time is reported once, on its own field.
    expect(
      errorsOf(event, { day: '2026-05-02', start: '25:00', end: '01:00', venue: 'x' }),
    ).toEqual({
      start: [msg.time('Jam Mulai')],
    });
  });

  it('compares numbers as numbers', () => {
    const ages = [
      field.number('lo', 'Umur Dari'),
      field.number('hi', 'Umur Sampai', { notBefore: 'lo' }),
    ];
    expect(errorsOf(ages, { lo: '9', hi: '10' })).toEqual({});
    expect(errorsOf(ages, { lo: 10, hi: 9 })).toEqual({
      hi: [msg.notLessThan('Umur Sampai', 'Umur Dari')],
    });
  });
});

describe('helpers', () => {
  it('fieldErrors groups messages by field and puts form-wide ones under _form', () => {
    const r = schemaFromFields([field.text('a', 'A', { required: true })]).safeParse('bukan objek');
    expect(r.success).toBe(false);
    if (!r.success) expect(Object.keys(fieldErrors(r.error))).toEqual(['_form']);
  });

  it('profileDefaults takes only filled profile values', () => {
    const fields = [
      field.phone('phone', 'No. HP', { defaultFromProfile: 'phone' }),
      field.text('occupation', 'Pekerjaan', { defaultFromProfile: 'occupation' }),
      field.text('note', 'Catatan'),
    ];
    expect(profileDefaults(fields, { phone: '0812345678', occupation: ' ' })).toEqual({
      phone: '0812345678',
    });
  });

  it('jsonSchemaFromFields describes kinds, limits and what is required', () => {
    const s = jsonSchemaFromFields([
      field.text('name', 'Nama', { required: true, maxLength: 100 }),
      field.select('g', 'Jenis Kelamin', { options: ['Laki-laki', 'Perempuan'] }),
      field.money('m', 'Uang', { required: true }),
    ]);
    expect(s).toMatchObject({
      type: 'object',
      required: ['name', 'm'],
      properties: {
        name: { type: 'string', maxLength: 100, title: 'Nama' },
        g: { type: ['string', 'null'], enum: ['Laki-laki', 'Perempuan', null] },
        m: { type: 'integer', minimum: 0 },
      },
    });
  });
});
