import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maskIdNumber, todayIso } from '@balai/domain';
import {
  apiRoute,
  idParams,
  registerAreaAnswer,
  registerAreaList,
  registerAreaMergeBody,
  registerAreaRenameBody,
  registerFamilyAnswer,
  registerFamilyList,
  registerFamilyQuery,
  registerPaths,
  registerSplitBody,
  responses,
} from '@balai/domain/contract';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { findArea, listAreas, mergeArea } from '../../repositories/register-areas.ts';
import { familyRows, listFamilies, memberIds } from '../../repositories/register-families.ts';
import { personRows, toApiPerson } from '../../repositories/register-persons.ts';
import { splitFamily } from '../../repositories/register-write.ts';
import { currentAuth } from '../../types.ts';

const tags = ['Kependudukan'];
const security = [{ bearerAuth: [] }];

/** Families (list masked, card audited, split) and the areas (list, rename, merge). */
const familyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(registerPaths.families),
    {
      schema: {
        tags,
        security,
        summary: 'Daftar keluarga (No. KK disamarkan)',
        querystring: registerFamilyQuery,
        response: responses({ 200: registerFamilyList }),
      },
    },
    async (request) => {
      const { page, per_page, ...filter } = request.query;
      const r = await listFamilies(app.db, filter, page, per_page);
      return {
        data: r.rows.map((f) => ({ ...f, kk_number: maskIdNumber(f.kk_number) })),
        meta: meta(page, per_page, r.total),
      };
    },
  );

  const card = async (id: number, userId: number, ip: string) => {
    const [family] = await familyRows(app.db, [id]);
    if (!family) throw notFound('Keluarga tidak ditemukan.');
    const ids = await memberIds(app.db, id);
    const rows = await personRows(app.db, ids);
    const order = new Map(ids.map((x, i) => [x, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const today = todayIso();
    await app.readAudit.write({
      user_id: userId,
      action: 'register.family.view',
      subject_type: 'register_family',
      subject_id: id,
      ip,
    });
    return { data: { ...family, members: rows.map((r) => toApiPerson(r, today)) } };
  };

  app.get(
    apiRoute(registerPaths.family),
    {
      schema: {
        tags,
        security,
        summary: 'Kartu keluarga: anggota menurut SHDK (setiap pembukaan dicatat)',
        params: idParams,
        response: responses({ 200: registerFamilyAnswer }),
      },
    },
    async (request) => card(request.params.id, currentAuth(request).user.id, request.ip),
  );

  app.post(
    apiRoute(registerPaths.familySplit),
    {
      schema: {
        tags,
        security,
        summary: 'Memecah keluarga: anggota terpilih mendapat No. KK baru',
        params: idParams,
        body: registerSplitBody,
        response: responses({ 200: registerFamilyAnswer }),
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      const id = await splitFamily(
        app.db,
        request.params.id,
        { ...request.body, kk_number: String(request.body.kk_number) },
        userId,
      );
      return card(id, userId, request.ip);
    },
  );

  app.get(
    apiRoute(registerPaths.areas),
    {
      schema: {
        tags,
        security,
        summary: 'Dusun, RW dan RT dengan jumlah penduduk hidup dan keluarga',
        response: responses({ 200: registerAreaList }),
      },
    },
    async () => ({ data: await listAreas(app.db) }),
  );

  const areaAnswer = async (id: number) => {
    const a = (await listAreas(app.db)).find((x) => x.id === id);
    if (!a) throw notFound('Wilayah tidak ditemukan.');
    return { data: a };
  };

  app.put(
    apiRoute(registerPaths.area),
    {
      schema: {
        tags,
        security,
        summary: 'Mengganti nama dusun, RW atau RT',
        params: idParams,
        body: registerAreaRenameBody,
        response: responses({ 200: registerAreaAnswer }),
      },
    },
    async (request) => {
      const area = await findArea(app.db, request.params.id);
      if (!area) throw notFound('Wilayah tidak ditemukan.');
      const name = String(request.body.name);
      await app.db.updateTable('register_areas').set({ name }).where('id', '=', area.id).execute();
      await writeAudit(app.db, {
        user_id: currentAuth(request).user.id,
        action: 'register.area.rename',
        subject_type: 'register_area',
        subject_id: area.id,
        detail: { changes: { name: { old: area.name, new: name } } },
      });
      return areaAnswer(area.id);
    },
  );

  app.post(
    apiRoute(registerPaths.areaMerge),
    {
      schema: {
        tags,
        security,
        summary: 'Menggabungkan wilayah ke wilayah lain yang sejenis',
        params: idParams,
        body: registerAreaMergeBody,
        response: responses({ 200: registerAreaAnswer }),
      },
    },
    async (request) => {
      const from = await findArea(app.db, request.params.id);
      const into = await findArea(app.db, request.body.into_id);
      if (!from) throw notFound('Wilayah tidak ditemukan.');
      if (!into || into.id === from.id || into.kind !== from.kind) {
        const message =
          'Pilih wilayah tujuan lain yang sejenis (dusun dengan dusun, RW dengan RW, RT dengan RT).';
        throw new HttpError(422, message, { into_id: [message] });
      }
      await app.db.transaction().execute(async (trx) => {
        await mergeArea(trx, from.id, into.id);
        await writeAudit(trx, {
          user_id: currentAuth(request).user.id,
          action: 'register.area.merge',
          subject_type: 'register_area',
          subject_id: into.id,
          detail: { merged: { id: from.id, name: from.name } },
        });
      });
      return areaAnswer(into.id);
    },
  );
};

export default familyRoutes;
