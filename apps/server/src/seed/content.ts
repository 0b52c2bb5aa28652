import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { CONTENT_RESOURCES, contentResourceByKey, contentSchema } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { countContent, insertContent } from '../repositories/content.ts';
import { insertFile } from '../repositories/files.ts';
import { upsertSettings } from '../repositories/settings.ts';
import { processImage, type ProcessedImage } from '../services/images.ts';
import { sanitizeRichText } from '../services/rich-text.ts';
import * as icons from './content-icons.ts';
import {
  BENEFITS,
  GALLERY,
  HEADERS,
  OFFICIALS,
  PROFILES,
  VILLAGE_INFOS,
  type Entry,
} from './content-pages.ts';
import { AGES, DEMO_SETTINGS, JOBS, POPULATION_INFOS, RELIGIONS } from './demo-village.ts';

/**
 * The demo village's content (issue 3): Desa Sukamaju, Kecamatan Cibeureum, Kabupaten Bogor.
 * Every resource and the settings are filled (demo-village.ts, content-pages.ts); the pictures
 * are drawn as SVG (content-art.ts), rendered by sharp and passed through the same upload
 * pipeline as an administrator's photos.
 */

function draw(entry: Entry): string {
  if (!entry.picture) throw new Error('demo entry without a picture');
  return entry.picture();
}

/**
 * SVG → PNG → the upload pipeline, so demo pictures are stored exactly like uploads. Photos
 * are opaque; the emblem keeps its transparent corners.
 */
async function picture(svg: string, transparent = false): Promise<ProcessedImage> {
  const drawn = sharp(Buffer.from(svg));
  const png = await (transparent ? drawn : drawn.flatten({ background: '#ffffff' }))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return processImage(png);
}

/** Checks a record against its definition (the demo must be valid content), then stores it. */
async function insert(
  db: Kysely<Database>,
  key: string,
  row: Record<string, unknown>,
): Promise<number> {
  const resource = contentResourceByKey(key);
  if (!resource) throw new Error(`unknown resource ${key}`);
  const parsed = contentSchema(resource).parse(row);
  for (const f of resource.fields) {
    const v = parsed[f.name];
    if (f.kind === 'richtext' && typeof v === 'string') parsed[f.name] = sanitizeRichText(v);
  }
  return insertContent(db, resource, parsed);
}

/** Whether the village already has an identity or any content (then the demo stays out). */
async function hasContent(db: Kysely<Database>): Promise<boolean> {
  if (await db.selectFrom('settings').select('id').executeTakeFirst()) return true;
  for (const resource of CONTENT_RESOURCES) {
    if ((await countContent(db, resource)) > 0) return true;
  }
  return false;
}

/**
 * Fills the settings and every content resource with the demo village, unless the village
 * already has some (so a retried first start never seeds twice).
 */
export async function seedDemoContent(db: Kysely<Database>): Promise<void> {
  if (await hasContent(db)) return;
  // Drawing and encoding run in sharp's thread pool, all at once; writing happens afterwards
  // in one transaction, so a failure leaves nothing half-seeded.
  const [logo, headers, benefits, gallery, profiles, officials, infos] = await Promise.all([
    picture(icons.logo(), true),
    Promise.all(HEADERS.map((h) => picture(draw(h)))),
    Promise.all(BENEFITS.map((b) => picture(draw(b)))),
    Promise.all(GALLERY.map((g) => picture(draw(g)))),
    Promise.all(PROFILES.map((p) => (p.picture ? picture(p.picture()) : null))),
    Promise.all(OFFICIALS.map((o, i) => picture(icons.portrait(i, Boolean(o.woman))))),
    Promise.all(VILLAGE_INFOS.map((v) => picture(draw(v)))),
  ]);

  await db.transaction().execute(async (trx) => {
    const store = (image: ProcessedImage) =>
      insertFile(trx, { kind: 'image', mime: 'image/webp', ...image });
    const strip = ({ picture: _p, ...row }: Entry) => row;

    await upsertSettings(trx, { ...DEMO_SETTINGS, logo_file_id: await store(logo) });

    for (const [i, h] of HEADERS.entries()) {
      await insert(trx, 'homepage-headers', { ...strip(h), image: await store(headers[i]!) });
    }
    for (const [i, b] of BENEFITS.entries()) {
      await insert(trx, 'homepage-benefits', { ...strip(b), image: await store(benefits[i]!) });
    }
    for (const [i, g] of GALLERY.entries()) {
      await insert(trx, 'homepage-galleries', { ...strip(g), image: await store(gallery[i]!) });
    }
    for (const [i, p] of PROFILES.entries()) {
      const image = profiles[i];
      await insert(trx, 'village-profiles', {
        ...strip(p),
        image: image ? await store(image) : null,
      });
    }
    const ids: number[] = [];
    for (const [i, o] of OFFICIALS.entries()) {
      ids.push(
        await insert(trx, 'village-structures', {
          name: o.name,
          position_title: o.position_title,
          nip: o.nip,
          period: o.period,
          photo: await store(officials[i]!),
          reports_to: o.boss === null ? null : ids[o.boss]!,
          position: i + 1,
        }),
      );
    }
    for (const [i, v] of VILLAGE_INFOS.entries()) {
      await insert(trx, 'village-infos', { ...strip(v), icon: await store(infos[i]!) });
    }
    for (const row of POPULATION_INFOS) await insert(trx, 'population-infos', row);
    for (const [label, age_from, age_to, male_count, female_count] of AGES) {
      await insert(trx, 'population-ages', { label, age_from, age_to, male_count, female_count });
    }
    for (const [i, [job, male_count, female_count]] of JOBS.entries()) {
      await insert(trx, 'population-jobs', { job, male_count, female_count, position: i + 1 });
    }
    for (const [i, [religion, male_count, female_count]] of RELIGIONS.entries()) {
      await insert(trx, 'population-religions', {
        religion,
        male_count,
        female_count,
        position: i + 1,
      });
    }
  });
}
