import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decide } from '@balai/domain';
import {
  apiRoute,
  idParams,
  letterSubjectsAnswer,
  registerEventFromLetterBody,
  registerEventProposalAnswer,
  registerEventRecordedAnswer,
  registerLinkPaths,
  responses,
} from '@balai/domain/contract';
import { HttpError } from '../../lib/http-error.ts';
import { letterSubjects } from '../../letters/family.ts';
import { recordEventFromLetter, registerEventProposalOf } from '../../letters/register-link.ts';
import { currentAuth } from '../../types.ts';

const security = [{ bearerAuth: [] }];

/**
 * Letters meeting the register (issue 21): whom a resident may file for, and the birth or death
 * an issued Kelahiran or Kematian letter records (office: `register.read` to see it,
 * `register.manage` to record it). The folder's hook has authenticated the user.
 */
const registerLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowed =
    (action: 'register.read' | 'register.manage') =>
    async (request: { auth?: { user: Parameters<typeof decide>[0] } | null }) => {
      const user = request.auth?.user;
      const d = user ? decide(user, action, undefined) : null;
      if (!d || d.outcome !== 'allow') {
        throw new HttpError(
          403,
          'Hanya administrator yang dapat mencatat peristiwa di buku induk.',
        );
      }
    };

  app.get(
    apiRoute(registerLinkPaths.letterSubjects),
    {
      schema: {
        tags: ['Layanan surat'],
        summary:
          'Untuk siapa warga dapat mengajukan surat: dirinya dan anggota keluarganya (NIK disamarkan)',
        security,
        response: responses({ 200: letterSubjectsAnswer }),
      },
    },
    async (request) => letterSubjects(app.db, currentAuth(request).user),
  );

  app.get(
    apiRoute(registerLinkPaths.registerEvent),
    {
      onRequest: allowed('register.read'),
      schema: {
        tags: ['Layanan surat'],
        summary:
          'Kelahiran atau kematian yang akan dicatat di buku induk dari surat ini (terisi dari surat)',
        security,
        params: idParams,
        response: responses({ 200: registerEventProposalAnswer }),
      },
    },
    async (request) => ({ data: await registerEventProposalOf(app.db, request.params.id) }),
  );

  app.post(
    apiRoute(registerLinkPaths.registerEvent),
    {
      onRequest: allowed('register.manage'),
      schema: {
        tags: ['Layanan surat'],
        summary:
          'Mencatat kelahiran (dengan NIK bayi) atau kematian (akun almarhum ditutup) dari surat yang sudah terbit; sekali saja',
        security,
        params: idParams,
        body: registerEventFromLetterBody,
        response: responses({ 200: registerEventRecordedAnswer }),
      },
    },
    async (request) => {
      const { data, closed } = await recordEventFromLetter(
        app.db,
        { user: currentAuth(request).user, ip: request.ip },
        request.params.id,
        request.body.nik,
      );
      return {
        message:
          data.kind === 'birth'
            ? `Kelahiran ${data.person.name} dicatat di buku induk.`
            : `Kematian ${data.person.name} dicatat di buku induk${closed === 0 ? '' : '; akunnya ditutup dan sesi masuknya diakhiri'}.`,
        data,
      };
    },
  );
};

export default registerLinkRoutes;
