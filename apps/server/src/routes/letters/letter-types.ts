import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPLICANT_FIELDS, LETTER_TYPES, type FieldDef, type LetterType } from '@balai/domain';
import {
  apiRoute,
  describeField,
  letterPaths,
  letterTypesAnswerSchema,
  responses,
  type LetterFieldDescription,
  type LetterTypeDescription,
} from '@balai/domain/contract';

function describeLetterField(f: FieldDef): LetterFieldDescription {
  return {
    ...describeField(f),
    ...(f.defaultFromProfile ? { default_from_profile: f.defaultFromProfile } : {}),
  };
}

function describeLetterType(t: LetterType): LetterTypeDescription {
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
    apiRoute(letterPaths.types),
    {
      schema: {
        tags: ['Layanan'],
        summary: 'Definisi ke-15 jenis surat: judul, persyaratan, isian dan batasannya',
        response: responses({ 200: letterTypesAnswerSchema }),
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
