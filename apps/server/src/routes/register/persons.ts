import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskIdNumbers, todayIso } from '@balai/domain';
import {
  apiRoute,
  idParams,
  registerChangeList,
  registerMoveBody,
  registerPaths,
  registerPersonAnswer,
  registerPersonList,
  registerPersonQuery,
  registerPersonUpdateBody,
  responses,
} from '@balai/domain/contract';
import { notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import { findPerson, listPersons, toApiPerson } from '../../repositories/register-persons.ts';
import { movePerson, updatePerson } from '../../repositories/register-write.ts';
import { registerChanges } from '../../repositories/register-changes.ts';
import { currentAuth } from '../../types.ts';

const tags = ['Kependudukan'];
const security = [{ bearerAuth: [] }];

/** People of the register: list (masked), detail (audited), edit, move to another family. */
const personRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(registerPaths.persons),
    {
      schema: {
        tags,
        security,
        summary:
          'Daftar penduduk dengan pencarian nama/NIK, saringan wilayah, jenis kelamin, umur dan status, serta jumlahnya',
        querystring: registerPersonQuery,
        response: responses({ 200: registerPersonList }),
      },
    },
    async (request) => {
      const { page, per_page, ...filter } = request.query;
      const today = todayIso();
      const r = await listPersons(app.db, filter, page, per_page, today);
      return {
        data: r.rows.map((row) => maskIdNumbers(toApiPerson(row, today))),
        meta: meta(page, per_page, r.total),
        counts: { total: r.total, male: r.male, female: r.female },
      };
    },
  );

  const detail = async (id: number, userId: number, ip: string) => {
    const row = await findPerson(app.db, id);
    if (!row) throw notFound('Penduduk tidak ditemukan.');
    await app.readAudit.write({
      user_id: userId,
      action: 'register.person.view',
      subject_type: 'register_person',
      subject_id: id,
      ip,
    });
    return { data: toApiPerson(row, todayIso()) };
  };

  app.get(
    apiRoute(registerPaths.person),
    {
      schema: {
        tags,
        security,
        summary: 'Data lengkap satu penduduk (NIK dan No. KK utuh; setiap pembukaan dicatat)',
        params: idParams,
        response: responses({ 200: registerPersonAnswer }),
      },
    },
    async (request) => detail(request.params.id, currentAuth(request).user.id, request.ip),
  );

  app.put(
    apiRoute(registerPaths.person),
    {
      schema: {
        tags,
        security,
        summary: 'Mengubah data penduduk (setiap perubahan dicatat dengan nilai lama dan baru)',
        params: idParams,
        body: registerPersonUpdateBody,
        response: responses({ 200: registerPersonAnswer }),
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      await updatePerson(app.db, request.params.id, request.body, userId);
      return detail(request.params.id, userId, request.ip);
    },
  );

  app.put(
    apiRoute(registerPaths.personFamily),
    {
      schema: {
        tags,
        security,
        summary: 'Memindahkan penduduk ke keluarga lain',
        params: idParams,
        body: registerMoveBody,
        response: responses({ 200: registerPersonAnswer }),
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      const rel = request.body.relationship;
      await movePerson(
        app.db,
        request.params.id,
        request.body.family_id,
        typeof rel === 'string' ? rel : null,
        userId,
      );
      return detail(request.params.id, userId, request.ip);
    },
  );

  app.get(
    apiRoute(registerPaths.personChanges),
    {
      schema: {
        tags,
        security,
        summary: 'Riwayat perubahan data penduduk (nilai lama dan baru)',
        params: idParams,
        response: responses({ 200: registerChangeList }),
      },
    },
    async (request) => {
      if (!(await findPerson(app.db, request.params.id)))
        throw notFound('Penduduk tidak ditemukan.');
      return { data: await registerChanges(app.db, request.params.id) };
    },
  );
};

export default personRoutes;
