// The fuzzer's values generated from the operations' schemas (fast-check), and junk besides.
import fc from 'fast-check';
import type { Schema } from './fuzz-operations.ts';

/** Strings people paste, and strings that break things. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u202egpj.exe',
  '\u2066x\u2069',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '\ud800',
  '😀'.repeat(3),
  'ÅÍÎÏ˝ÓÔ',
  'javascript:alert(1)',
  '//elsewhere.example/x',
  '/\\elsewhere.example',
  'https://',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  'x'.repeat(5000),
];

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_STRINGS),
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

function mergeAll(schemas: Schema[]): Schema {
  const out: Schema = { type: 'object', properties: {}, required: [] };
  for (const s of schemas) {
    const flat = s.allOf ? mergeAll([...s.allOf, { ...s, allOf: undefined }]) : s;
    for (const [k, v] of Object.entries(flat.properties ?? {})) {
      // `{}` (any) from one part loses to a real schema from another.
      if (!out.properties![k] || Object.keys(out.properties![k]!).length === 0)
        out.properties![k] = v;
    }
    for (const r of flat.required ?? []) if (!out.required!.includes(r)) out.required!.push(r);
  }
  return out;
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const max = s.maxLength ?? 200;
  const min = s.minLength ?? 0;
  const parts: fc.Arbitrary<string>[] = [];
  if (s.pattern) {
    try {
      parts.push(fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, max)));
    } catch {
      /* a pattern fast-check cannot invert: plain strings below */
    }
  }
  if (s.format === 'date') {
    parts.push(
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
  }
  if (s.format === 'email' || /email/i.test(s.pattern ?? '')) parts.push(fc.emailAddress());
  parts.push(fc.string({ minLength: Math.min(min, 30), maxLength: Math.min(max, 30) }));
  parts.push(fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 80) }));
  if (max > 30) parts.push(fc.constantFrom(max, max + 1).map((n) => 'ä'.repeat(Math.max(min, n)))); // at and past the limit
  return fc.oneof(...parts);
}

function numberArb(s: Schema, integer: boolean, ids: number[]): fc.Arbitrary<number> {
  const lo = Math.max(s.minimum ?? -(2 ** 31), -(2 ** 31));
  const hi = Math.min(s.maximum ?? 2 ** 31, 2 ** 31);
  const parts: fc.Arbitrary<number>[] = [
    integer
      ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
      : fc.double({ min: lo, max: hi, noNaN: true }),
    fc.constantFrom(lo, hi, lo - 1, hi + 1),
  ];
  // Small positive integers are the ids of records that exist: the handlers then go deep.
  if (integer && ids.length > 0) parts.push(fc.constantFrom(...ids));
  return fc.oneof(...parts);
}

/** Values valid for `s` (as far as a JSON schema can say). */
export function valueArb(s: Schema | undefined, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (s.allOf) return valueArb(mergeAll([s]), ids, depth);
  const inner = ((): fc.Arbitrary<unknown> => {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.anyOf ?? s.oneOf)
      return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => valueArb(x, ids, depth + 1)));
    switch (s.type) {
      case 'string':
        return stringArb(s);
      case 'integer':
        return numberArb(s, true, ids);
      case 'number':
        return numberArb(s, false, ids);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueArb(s.items, ids, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 5, 5),
        });
      case 'object': {
        const props = s.properties ?? {};
        const keys = Object.keys(props);
        if (keys.length === 0)
          return fc.dictionary(fc.string({ maxLength: 8 }), junkValue, { maxKeys: 3 });
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const k of keys) model[k] = valueArb(props[k], ids, depth + 1);
        return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return s.nullable ? fc.option(inner, { nil: null, freq: 6 }) : inner;
}
