import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoute,
  idParams,
  registerEventAnswer,
  registerEventBody,
  registerEventCorrection,
  registerEventList,
  registerEventQuery,
  registerPaths,
  responses,
} from '@balai/domain/contract';
import { notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import { monthBounds } from '../../services/register/monthly-report.ts';
import { correctEvent, recordEvent, toApiEvents } from '../../services/register/events.ts';
import { currentAuth } from '../../types.ts';

const tags = ['Kependudukan'];
const security = [{ bearerAuth: [] }];

/** Events: list, record (birth and arrival create the person), correct (audited). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoute(registerPaths.events),
    {
      schema: {
        tags,
        security,
        summary: 'Daftar peristiwa (kelahiran, kematian, pindah, hilang)',
        querystring: registerEventQuery,
        response: responses({ 200: registerEventList }),
      },
    },
    async (request) => {
      const { page, per_page, kind, person_id, month } = request.query;
      let q = app.db.selectFrom('register_events');
      if (kind) q = q.where('kind', '=', kind);
      if (person_id) q = q.where('person_id', '=', person_id);
      if (month) {
        const { from, to } = monthBounds(month);
        q = q.where('occurred_on', '>=', from).where('occurred_on', '<=', to);
      }
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      const ids = await q
        .select('id')
        .orderBy('occurred_on', 'desc')
        .orderBy('id', 'desc')
        .limit(per_page)
        .offset((page - 1) * per_page)
        .execute();
      return {
        data: await toApiEvents(
          app.db,
          ids.map((r) => r.id),
        ),
        meta: meta(page, per_page, Number(count?.n ?? 0)),
      };
    },
  );

  app.post(
    apiRoute(registerPaths.events),
    {
      schema: {
        tags,
        security,
        summary: 'Mencatat peristiwa dengan tanggal kejadian dan tanggal lapor',
        body: registerEventBody,
        response: responses({ 201: registerEventAnswer }),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const id = await recordEvent(
        app.db,
        { ...b, occurred_on: String(b.occurred_on), reported_on: String(b.reported_on) },
        b.person ? { ...b.person } : null,
        currentAuth(request).user.id,
      );
      const [event] = await toApiEvents(app.db, [id]);
      return reply.code(201).send({ data: event! });
    },
  );

  app.put(
    apiRoute(registerPaths.event),
    {
      schema: {
        tags,
        security,
        summary: 'Mengoreksi peristiwa (dengan alasan; dicatat)',
        params: idParams,
        body: registerEventCorrection,
        response: responses({ 200: registerEventAnswer }),
      },
    },
    async (request) => {
      const b = request.body;
      await correctEvent(
        app.db,
        request.params.id,
        {
          occurred_on: typeof b.occurred_on === 'string' ? b.occurred_on : undefined,
          reported_on: typeof b.reported_on === 'string' ? b.reported_on : undefined,
          note: b.note,
          reason: b.reason,
        },
        currentAuth(request).user.id,
      );
      const [event] = await toApiEvents(app.db, [request.params.id]);
      if (!event) throw notFound('Peristiwa tidak ditemukan.');
      return { data: event };
    },
  );
};

export default eventRoutes;
