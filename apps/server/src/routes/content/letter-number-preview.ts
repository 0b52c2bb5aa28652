import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LETTER_TYPES,
  VILLAGE_CODE_MESSAGE,
  letterNumberFormatProblem,
  letterTypeByCode,
  todayIso,
} from '@balai/domain';
import {
  apiRoute,
  dataOf,
  letterNumberPreviewQuery,
  letterNumberPreviewSchema,
  responses,
  settingsPaths,
} from '@balai/domain/contract';
import { formatLetterNumber, sequenceKey } from '../../letters/numbering.ts';
import { HttpError, invalidField } from '../../lib/http-error.ts';
import { peekNextSequence } from '../../repositories/letter-sequences.ts';
import { getSettings } from '../../repositories/settings.ts';

const VILLAGE_CODE = /^\d{2}\.?\d{2}\.?\d{2}\.?\d{4}$/;

/**
 * `GET /api/settings/letter-number-preview` (administrators): the number the next letter of a
 * type would get under a format (the stored one unless `format` is given) and a village code
 * (the stored one unless `village_code` is given; empty for none), read from its sequence
 * without taking it. The settings page shows it while the format is typed.
 */
export const letterNumberPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(settingsPaths.letterNumberPreview),
    {
      schema: {
        tags: ['Pengaturan'],
        security: [{ bearerAuth: [] }],
        summary: 'Pratinjau nomor surat berikutnya (tanpa memakainya)',
        querystring: letterNumberPreviewQuery,
        response: responses({ 200: dataOf(letterNumberPreviewSchema) }),
      },
    },
    async (request) => {
      const q = request.query;
      const settings = await getSettings(app.db);
      const format = q.format ?? settings.letter_number_format;
      const problem = letterNumberFormatProblem(format);
      if (problem) throw invalidField('format', problem);
      const type = letterTypeByCode(q.type ?? LETTER_TYPES[0]!.code);
      if (!type) {
        throw invalidField(
          'type',
          `Jenis surat tidak dikenal: ${q.type ?? ''}. Pilih salah satu jenis surat layanan.`,
        );
      }
      const villageCode =
        q.village_code === undefined ? settings.village_code : q.village_code.trim() || null;
      if (villageCode !== null && (villageCode.length > 13 || !VILLAGE_CODE.test(villageCode))) {
        throw new HttpError(422, VILLAGE_CODE_MESSAGE, { village_code: [VILLAGE_CODE_MESSAGE] });
      }
      const issuedOn = todayIso();
      const seq = await peekNextSequence(
        app.db,
        sequenceKey(format, type.classificationCode, Number(issuedOn.slice(0, 4))),
      );
      return {
        data: {
          number: formatLetterNumber(format, {
            classificationCode: type.classificationCode,
            seq,
            villageCode,
            issuedOn,
          }),
          seq,
          type: type.code,
          type_title: type.title,
          classification_code: type.classificationCode,
          issued_on: issuedOn,
          format,
          village_code: villageCode,
        },
      };
    },
  );
};
