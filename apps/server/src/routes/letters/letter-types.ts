import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLICANT_FIELDS,
  LETTER_CODES,
  LETTER_TYPES,
  REQUIREMENT_ONLINE,
  type FieldDef,
  type LetterType,
} from '@balai/domain';
import { describeField, fieldDescriptionSchema } from '../content/schemas.ts';
import { responses } from '../schemas.ts';

const letterFieldSchema = fieldDescriptionSchema.extend({
  default_from_profile: z.string().optional(),
});

const letterTypeSchema = z.object({
  code: z.enum(LETTER_CODES),
  title: z.string(),
  /** The full name, e.g. "Surat Keterangan Usaha"; the service page's title. */
  name: z.string(),
  /** Other names people search for it by (SKU, SKTM, "pengantar nikah"). */
  aliases: z.array(z.string()),
  base: z.string(),
  pdf_title: z.string(),
  classification_code: z.string(),
  /** Working days the office aims to finish a request in. */
  service_days: z.number().int().positive(),
  description: z.string(),
  requirements: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      online: z.enum(REQUIREMENT_ONLINE),
    }),
  ),
  fields: z.array(letterFieldSchema),
});

function describeLetterField(f: FieldDef): z.infer<typeof letterFieldSchema> {
  return {
    ...describeField(f),
    ...(f.defaultFromProfile ? { default_from_profile: f.defaultFromProfile } : {}),
  };
}

function describeLetterType(t: LetterType): z.infer<typeof letterTypeSchema> {
  return {
    code: t.code,
    title: t.title,
    name: t.name,
    aliases: [...t.aliases],
    base: t.base,
    pdf_title: t.pdfTitle,
    classification_code: t.classificationCode,
    service_days: t.serviceDays,
    description: t.description,
    requirements: t.requirements.map((r) => ({ key: r.key, label: r.label, online: r.online })),
    fields: t.fields.map(describeLetterField),
  };
}

/** `GET /api/letter-types` (public): the registry as JSON, so clients build forms from it. */
const letterTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = {
    types: LETTER_TYPES.map(describeLetterType),
    applicant_fields: APPLICANT_FIELDS.map(describeLetterField),
  };
  app.get(
    '/letter-types',
    {
      schema: {
        tags: ['Layanan'],
        summary: 'Definisi ke-15 jenis surat: judul, persyaratan, isian dan batasannya',
        response: responses({
          200: z.object({
            data: z.array(letterTypeSchema),
            applicant_fields: z.array(letterFieldSchema),
          }),
        }),
      },
    },
    async (_request, reply) => {
      // Changes only with a new release.
      reply.header('cache-control', 'public, max-age=300');
      return { data: data.types, applicant_fields: data.applicant_fields };
    },
  );
};

export default letterTypesRoutes;
