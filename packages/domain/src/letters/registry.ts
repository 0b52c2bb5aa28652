import { schemaFromFields, type FieldsSchema } from '../schemas/fields.ts';
import type { LetterCode, LetterType } from './letter-type.ts';
import { irr } from './types/irr.ts';
import { k } from './types/k.ts';
import { kbnbs } from './types/kbnbs.ts';
import { kbnkk } from './types/kbnkk.ts';
import { kdtt } from './types/kdtt.ts';
import { kkel } from './types/kkel.ts';
import { kkem } from './types/kkem.ts';
import { kks } from './types/kks.ts';
import { kp } from './types/kp.ts';
import { ktm } from './types/ktm.ts';
import { ktts } from './types/ktts.ts';
import { ku } from './types/ku.ts';
import { pk } from './types/pk.ts';
import { pp } from './types/pp.ts';
import { pskck } from './types/pskck.ts';

/** The 15 letter types in the order of LETTERS.md and the admin menu. */
export const LETTER_TYPES: readonly LetterType[] = [
  irr,
  k,
  kbnbs,
  kbnkk,
  kdtt,
  kkel,
  kkem,
  kks,
  kp,
  ktm,
  ktts,
  ku,
  pk,
  pp,
  pskck,
];

const byCode = new Map<string, LetterType>(LETTER_TYPES.map((t) => [t.code, t]));
const byBase = new Map<string, LetterType>(LETTER_TYPES.map((t) => [t.base, t]));
const schemas = new Map<LetterCode, FieldsSchema>();

/** The letter type with this code ('ku'), or undefined for an unknown code. */
export function letterTypeByCode(code: string): LetterType | undefined {
  return byCode.get(code);
}

/** The letter type served at this API base ('/api/business-certificate'), or undefined. */
export function letterTypeByBase(base: string): LetterType | undefined {
  return byBase.get(base);
}

/** The zod schema of a type's `data` (its fields, Keperluan and No. HP); built once per type. */
export function letterSchema(type: LetterType | LetterCode): FieldsSchema {
  const def = typeof type === 'string' ? byCode.get(type) : type;
  if (!def) throw new Error(`Unknown letter type: ${String(type)}`);
  let schema = schemas.get(def.code);
  if (!schema) {
    schema = schemaFromFields(def.fields);
    schemas.set(def.code, schema);
  }
  return schema;
}
