import type { Kysely } from 'kysely';
import {
  contentResourceByKey,
  msg,
  type ContentResource,
  type FieldValue,
  type FieldValues,
} from '@balai/domain';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  existingContentIds,
  existingImageIds,
  referenceChain,
  uniqueValueTaken,
} from '../../repositories/content.ts';
import { cleanPlainText, isBlankRichText, sanitizeRichText } from '../../services/rich-text.ts';

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

/** Rich text sanitised, plain text without control characters; a field left blank by that is empty. */
function clean(resource: ContentResource, body: FieldValues, errors: Errors): FieldValues {
  const out: FieldValues = { ...body };
  for (const f of resource.fields) {
    const v = out[f.name];
    if (typeof v !== 'string') continue;
    let cleaned: string | null;
    if (f.kind === 'richtext') {
      const html = sanitizeRichText(v);
      cleaned = isBlankRichText(html) ? null : html;
    } else if (f.kind === 'text' || f.kind === 'textarea') {
      cleaned = cleanPlainText(v, f.kind === 'textarea') || null;
    } else {
      continue;
    }
    if (cleaned === null && f.required) add(errors, f.name, msg.required(f.label));
    out[f.name] = cleaned;
  }
  return out;
}

/**
 * Turns a body the definition's schema accepted into the values to store, checking what only
 * the database knows: images exist, references exist (and do not loop back), unique values
 * are free. Every problem is collected, then one 422 names each field; nothing is written.
 */
export async function prepareValues(
  db: Kysely<Database>,
  resource: ContentResource,
  body: FieldValues,
  selfId?: number,
): Promise<FieldValues> {
  const errors: Errors = {};
  const values = clean(resource, body, errors);

  const images = resource.fields.filter((f) => f.kind === 'image' && values[f.name] !== null);
  if (images.length > 0) {
    const found = await existingImageIds(
      db,
      images.map((f) => Number(values[f.name])),
    );
    for (const f of images) {
      if (!found.has(Number(values[f.name]))) add(errors, f.name, msg.image(f.label));
    }
  }

  for (const f of resource.fields) {
    const id = values[f.name];
    if (f.kind !== 'reference' || typeof id !== 'number') continue;
    const target = contentResourceByKey(f.references ?? '');
    if (!target) throw new Error(`${resource.key}.${f.name} references an unknown resource`);
    const selfReference = target.key === resource.key;
    if (selfReference && id === selfId) {
      add(
        errors,
        f.name,
        `${f.label} tidak boleh ${resource.labels.singular.toLowerCase()} ini sendiri.`,
      );
      continue;
    }
    if (!(await existingContentIds(db, target, [id])).has(id)) {
      add(errors, f.name, `${f.label} yang dipilih tidak ditemukan. ${msg.chooseOne(f.label)}`);
      continue;
    }
    if (selfReference && selfId !== undefined) {
      const chain = await referenceChain(db, resource, f.name, id);
      if (chain.includes(selfId)) {
        add(
          errors,
          f.name,
          `${f.label} tidak boleh bawahan dari ${resource.labels.singular.toLowerCase()} ini sendiri.`,
        );
      }
    }
  }

  for (const f of resource.fields) {
    const v: FieldValue | undefined = values[f.name];
    if (!f.unique || v === null || v === undefined || typeof v === 'boolean' || errors[f.name]) {
      continue;
    }
    if (await uniqueValueTaken(db, resource, f, v, selfId)) {
      add(errors, f.name, `${f.label} "${v}" sudah ada.`);
    }
  }

  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
  return values;
}

/** A unique or foreign-key violation the checks above could not see coming (a race): a 422. */
export function constraintError(err: unknown, resource: ContentResource): HttpError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') {
    const f = resource.fields.find((x) => x.unique);
    const message = f ? `${f.label} ini sudah ada.` : 'Data yang sama sudah ada.';
    return new HttpError(422, message, f ? { [f.name]: [message] } : undefined);
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new HttpError(
      422,
      'Gambar atau data yang dirujuk baru saja dihapus. Muat ulang halaman lalu coba lagi.',
    );
  }
  return null;
}
