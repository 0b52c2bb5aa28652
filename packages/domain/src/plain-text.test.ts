import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contentSchema, CONTENT_RESOURCES } from './content/registry.ts';
import { field } from './fields.ts';
import { fieldErrors, schemaFromFields } from './schemas/fields.ts';
import { applicantSchema, APPLICANT_FIELDS } from './letters/applicant.ts';
import { LETTER_TYPES, letterSchema } from './letters/registry.ts';
import { letterStatusChangeSchema } from './letters/statuses.ts';
import { cleanPlainText } from './plain-text.ts';
import { settingsUpdateSchema } from './schemas/settings.ts';
import { CONTENT_EXAMPLES } from './testing/content-examples.ts';
import { LETTER_EXAMPLES } from './testing/letter-examples.ts';
import { profileUpdateSchema, userCreateSchema, userUpdateSchema } from './schemas/users.ts';

/** Every character the rule removes, one of each range's ends and a few inside. */
const BAD = [
  '\u0000', // NUL
  '\u0007', // BEL
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b', // ESC
  '\u001f',
  '\u007f', // DEL
  '\u0080',
  '\u0085', // NEL
  '\u009f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e', // RIGHT-TO-LEFT OVERRIDE
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061c', // ARABIC LETTER MARK
  '\u180e',
  '\u200b', // ZERO WIDTH SPACE
  '\u200e', // LEFT-TO-RIGHT MARK
  '\u200f', // RIGHT-TO-LEFT MARK
  '\u2060', // WORD JOINER
  '\u2064',
  '\ufeff', // BYTE ORDER MARK
  '\ufff9',
  '\ufffb',
];
const ALL_BAD = BAD.join('');
const UNPRINTABLE = new RegExp(`[${BAD.join('')}]`, 'u');

/** `value` with every bad character after its first character and at its end. */
const poison = (value: string) => `${value.slice(0, 1)}${ALL_BAD}${value.slice(1)}${ALL_BAD}`;

/** Every string anywhere in a parsed value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new Error(JSON.stringify(fieldErrors(r.error)));
  return r.data;
}

describe('cleanPlainText', () => {
  it('removes C0/C1 controls and bidi overrides, keeps ordinary and non-Latin text', () => {
    expect(cleanPlainText(poison('Siti Nurhaliza'), false)).toBe('Siti Nurhaliza');
    expect(cleanPlainText('Désa Śukamaju — ١٢٣ 日本 🙂', false)).toBe(
      'Désa Śukamaju — ١٢٣ 日本 🙂',
    );
    expect(cleanPlainText(`\u202egpj.exe`, false)).toBe('gpj.exe');
  });

  it('one line: tabs and line breaks become one space; several lines keep them (CR LF as LF)', () => {
    expect(cleanPlainText('Jl. Melati\r\n\tNo. 12', false)).toBe('Jl. Melati No. 12');
    expect(cleanPlainText('Baris satu\r\n\tBaris\u0000 dua\rtiga', true)).toBe(
      'Baris satu\n\tBaris dua\ntiga',
    );
  });

  it('line and paragraph separators are line breaks: a space on one line, LF on several', () => {
    expect(cleanPlainText('Siti\u2028Nurhaliza\u2029', false)).toBe('Siti Nurhaliza');
    expect(cleanPlainText('Baris satu\u2028Baris dua\u2029tiga', true)).toBe(
      'Baris satu\nBaris dua\ntiga',
    );
  });

  it('keeps the zero-width joiners emoji and some scripts need', () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    expect(cleanPlainText(`Keluarga ${family}`, false)).toBe(`Keluarga ${family}`);
    expect(cleanPlainText('\u0915\u094d\u200c\u0937', false)).toBe('\u0915\u094d\u200c\u0937');
  });

  it('a value of nothing but removed characters is empty', () => {
    expect(cleanPlainText(` ${ALL_BAD} `, true)).toBe('');
  });
});

describe('every text field of every letter type', () => {
  it('the examples fill in every text field, so each is tried below', () => {
    const missing = LETTER_TYPES.flatMap((t) =>
      t.fields
        .filter((f) => ['text', 'textarea', 'richtext'].includes(f.kind))
        .filter((f) => typeof LETTER_EXAMPLES[t.code][f.name] !== 'string')
        .map((f) => `${t.code}.${f.name}`),
    );
    expect(missing).toEqual([]);
  });

  for (const type of LETTER_TYPES) {
    const example = LETTER_EXAMPLES[type.code];
    const texts = type.fields.filter(
      (f) =>
        ['text', 'textarea', 'richtext'].includes(f.kind) && typeof example[f.name] === 'string',
    );
    it(`${type.code}: ${texts.map((f) => f.name).join(', ')} lose the characters, nothing else`, () => {
      expect(texts.length).toBeGreaterThan(0);
      const clean = parsed(letterSchema(type), example);
      const poisoned = { ...example };
      for (const f of texts) poisoned[f.name] = poison(String(example[f.name]));
      const out = parsed(letterSchema(type), poisoned);
      expect(out).toEqual(clean);
      expect(strings(out).filter((s) => UNPRINTABLE.test(s))).toEqual([]);
    });
  }

  it('a required field of nothing but such characters is reported as not filled in', () => {
    const f = field.text('name', 'Nama', { required: true });
    const r = schemaFromFields([f]).safeParse({ name: `\u202e\u0000\u0007` });
    expect(r.success).toBe(false);
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ name: ['Nama wajib diisi.'] });
  });
});

describe('every text field of every content resource', () => {
  const withText = CONTENT_RESOURCES.filter((r) =>
    r.fields.some((f) => ['text', 'textarea', 'richtext'].includes(f.kind)),
  );
  it('the examples fill in every text field, so each is tried below', () => {
    const missing = withText.flatMap((r) =>
      r.fields
        .filter((f) => ['text', 'textarea', 'richtext'].includes(f.kind))
        .filter((f) => typeof CONTENT_EXAMPLES[r.key]?.[f.name] !== 'string')
        .map((f) => `${r.key}.${f.name}`),
    );
    expect(missing).toEqual([]);
  });
  for (const resource of withText) {
    const example = CONTENT_EXAMPLES[resource.key] ?? {};
    const texts = resource.fields.filter(
      (f) =>
        ['text', 'textarea', 'richtext'].includes(f.kind) && typeof example[f.name] === 'string',
    );
    it(`${resource.key}: ${texts.map((f) => f.name).join(', ')}`, () => {
      expect(texts.length).toBeGreaterThan(0);
      const clean = parsed(contentSchema(resource), example);
      const poisoned = { ...example };
      for (const f of texts) poisoned[f.name] = poison(String(example[f.name]));
      const out = parsed(contentSchema(resource), poisoned);
      expect(out).toEqual(clean);
      expect(strings(out).filter((s) => UNPRINTABLE.test(s))).toEqual([]);
    });
  }
});

const person = {
  name: 'Siti Nurhaliza',
  email: 'siti@example.id',
  password: 'rahasia-sekali',
  nik: '3201014506900002',
  kk_number: '3201010101090015',
  phone: '081234567890',
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

describe('the user schemas and the applicant block', () => {
  const schemas: [string, z.ZodObject, Record<string, unknown>][] = [
    ['userCreateSchema', userCreateSchema, person],
    ['userUpdateSchema', userUpdateSchema, person],
    ['profileUpdateSchema', profileUpdateSchema, person],
    ['applicantSchema', applicantSchema, person],
  ];
  for (const [name, schema, sample] of schemas) {
    // Every field of the schema: stripped to the clean value, or refused — never stored.
    for (const key of Object.keys(schema.shape)) {
      if (key === 'password' || !(key in sample)) continue;
      it(`${name}.${key}: stripped or refused`, () => {
        const clean = parsed(schema, sample) as Record<string, unknown>;
        const r = schema.safeParse({ ...sample, [key]: poison(String(sample[key])) });
        if (r.success) {
          expect((r.data as Record<string, unknown>)[key]).toEqual(clean[key]);
        } else {
          expect(Object.keys(fieldErrors(r.error))).toEqual([key]);
        }
      });
    }
  }

  it('the names, places, work and address are stripped, not refused', () => {
    const texts = ['name', 'birth_place', 'occupation', 'address', 'hamlet'];
    const poisoned = { ...person };
    for (const key of texts) poisoned[key as keyof typeof person] = poison(person[key as 'name']);
    const schemas: z.ZodType[] = [
      userCreateSchema,
      userUpdateSchema,
      profileUpdateSchema,
      applicantSchema,
    ];
    for (const schema of schemas) {
      const out = parsed(schema, poisoned) as Record<string, unknown>;
      for (const key of texts) expect(out[key]).toBe(person[key as 'name']);
    }
  });

  it('the applicant schema covers every text field of the applicant block', () => {
    const texts = APPLICANT_FIELDS.filter((f) => f.kind === 'text').map((f) => f.name);
    expect(texts.every((n) => n in applicantSchema.shape)).toBe(true);
  });
});

describe('other free text', () => {
  it('a status note keeps its lines and loses the characters', () => {
    const out = parsed(letterStatusChangeSchema, {
      status: 'rejected',
      note: `Foto KTP\u202e buram;\r\nmohon\u0000 unggah ulang.`,
    });
    expect(out.note).toBe('Foto KTP buram;\nmohon unggah ulang.');
  });

  it('the village identity loses them too', () => {
    const out = parsed(settingsUpdateSchema, {
      village_name: poison('Sukamaju'),
      kecamatan: poison('Cibungbulang'),
      kabupaten: 'Bogor',
      provinsi: 'Jawa Barat',
      address: poison('Jl. Raya Desa No. 1'),
      head_name: poison('H. Ahmad'),
      village_code: '3201012001',
    });
    expect([out.village_name, out.kecamatan, out.address, out.head_name]).toEqual([
      'Sukamaju',
      'Cibungbulang',
      'Jl. Raya Desa No. 1',
      'H. Ahmad',
    ]);
  });
});

describe('homepage-headers.button_link', () => {
  const schema = contentSchema('homepage-headers');
  const example = CONTENT_EXAMPLES['homepage-headers'];
  const f = CONTENT_RESOURCES.find((r) => r.key === 'homepage-headers')?.fields.find(
    (x) => x.name === 'button_link',
  );
  const linkErrors = (link: string) => {
    const r = schema.safeParse({ ...example, button_link: link });
    return r.success ? [] : (fieldErrors(r.error).button_link ?? []);
  };

  it('accepts paths of this site and https addresses', () => {
    for (const link of ['/service', '/', '/news?page=2#top', 'https://kemendagri.go.id/x']) {
      expect(linkErrors(link), link).toEqual([]);
    }
  });

  it('refuses links off the site in disguise, http and other schemes, with its message', () => {
    expect(f?.patternMessage).toMatch(/diawali satu \/.*https:\/\//);
    expect(f?.patternMessage).not.toMatch(/http:\/\//);
    for (const link of [
      '//elsewhere.example/x',
      '/\\elsewhere.example',
      '/\t/elsewhere.example',
      '/\n/elsewhere.example',
      '/a\\..\\..\\x',
      'http://elsewhere.example',
      'https://',
      'https:///elsewhere.example',
      'javascript:alert(1)',
      'service',
    ]) {
      expect(linkErrors(link), JSON.stringify(link)).toEqual([f?.patternMessage]);
    }
  });
});
