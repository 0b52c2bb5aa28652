import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENT_RESOURCES,
  contentSchema,
  jsonSchemaFromFields,
  type ContentResource,
} from '@balai/domain';
import {
  apiRoute,
  contentItemSchema,
  contentListQuery,
  contentPageSchema,
  dataOf,
  idParams,
  messageSchema,
  resourcePaths,
  responses,
} from '@balai/domain/contract';
import { notFound } from '../../lib/http-error.ts';
import { meta } from '../../lib/pagination.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import {
  deleteContent,
  deleteImagesNoLongerUsed,
  findContent,
  insertContent,
  listContent,
  updateContent,
  type ContentRecord,
} from '../../repositories/content.ts';
import { currentAuth } from '../../types.ts';
import { constraintError, prepareValues } from './prepare.ts';
import { toContentItem } from './schemas.ts';

/**
 * The generic CRUD engine (DESIGN section 2): every route of every content resource comes
 * from its definition. Adding a resource is adding a definition (and its table), not a route.
 */

/** The resource's base inside the /api prefix: `/api/population-ages` → `/population-ages`. */
function routePath(resource: ContentResource): string {
  if (!resource.base.startsWith('/api/')) throw new Error(`${resource.key}: base outside /api`);
  return apiRoute(resourcePaths.collection(resource.base));
}

const notFoundMessage = (resource: ContentResource) =>
  `${resource.labels.singular} tidak ditemukan.`;

const booleanFields = (resource: ContentResource) =>
  resource.fields.filter((f) => f.kind === 'boolean');

function parseSort(resource: ContentResource, sort: string | undefined) {
  if (!sort) return resource.defaultSort;
  return sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' as const }
    : { field: sort, direction: 'asc' as const };
}

/** The body schema validates; the OpenAPI document shows the field list's JSON Schema. */
function bodySchema(resource: ContentResource) {
  return contentSchema(resource).meta(jsonSchemaFromFields(resource.fields));
}

const imageIds = (resource: ContentResource, record: ContentRecord) =>
  resource.fields.filter((f) => f.kind === 'image').map((f) => record.images[f.name]?.id);

/** Public: list and detail of every resource. */
export const contentReadRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const resource of CONTENT_RESOURCES) {
    const path = routePath(resource);
    const item = contentItemSchema(resource);
    const tags = [`Konten: ${resource.labels.plural}`];

    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Daftar ${resource.labels.plural.toLowerCase()}`,
          querystring: contentListQuery(resource),
          response: responses({ 200: contentPageSchema(resource) }),
        },
      },
      async (request) => {
        const query = request.query as Record<string, unknown>;
        const { page, per_page, search, sort } = request.query;
        const filters: Record<string, boolean> = {};
        for (const f of booleanFields(resource)) {
          if (typeof query[f.name] === 'boolean') filters[f.name] = query[f.name] as boolean;
        }
        const { records, total } = await listContent(app.db, resource, {
          page,
          perPage: per_page,
          search,
          sort: parseSort(resource, sort),
          filters,
        });
        return {
          data: records.map((r) => toContentItem(resource, r)),
          meta: meta(page, per_page, total),
        };
      },
    );

    app.get(
      apiRoute(resourcePaths.item(resource.base)),
      {
        schema: {
          tags,
          summary: `Detail ${resource.labels.singular.toLowerCase()}`,
          params: idParams,
          response: responses({ 200: dataOf(item) }),
        },
      },
      async (request) => {
        const record = await findContent(app.db, resource, request.params.id);
        if (!record) throw notFound(notFoundMessage(resource));
        return { data: toContentItem(resource, record) };
      },
    );
  }
};

/** Administrators: create, update, delete (the folder's hooks check the role). */
export const contentWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  for (const resource of CONTENT_RESOURCES) {
    const path = routePath(resource);
    const item = contentItemSchema(resource);
    const tags = [`Konten: ${resource.labels.plural}`];
    const singular = resource.labels.singular;
    const subject = { subject_type: resource.key };

    app.post(
      path,
      {
        schema: {
          tags,
          security,
          summary: `Menambah ${singular.toLowerCase()}`,
          body: bodySchema(resource),
          response: responses({ 201: dataOf(item) }),
        },
      },
      async (request, reply) => {
        const values = await prepareValues(app.db, resource, request.body);
        const id = await app.db
          .transaction()
          .execute(async (trx) => {
            const created = await insertContent(trx, resource, values);
            await writeAudit(trx, {
              action: 'content.create',
              user_id: currentAuth(request).user.id,
              ...subject,
              subject_id: created,
              ip: request.ip,
            });
            return created;
          })
          .catch((err: unknown) => {
            throw constraintError(err, resource) ?? err;
          });
        const record = await findContent(app.db, resource, id);
        if (!record) throw notFound(notFoundMessage(resource));
        return reply.code(201).send({ data: toContentItem(resource, record) });
      },
    );

    app.put(
      apiRoute(resourcePaths.item(resource.base)),
      {
        schema: {
          tags,
          security,
          summary: `Mengubah ${singular.toLowerCase()} (semua isian dikirim)`,
          params: idParams,
          body: bodySchema(resource),
          response: responses({ 200: dataOf(item) }),
        },
      },
      async (request) => {
        const { id } = request.params;
        const before = await findContent(app.db, resource, id);
        if (!before) throw notFound(notFoundMessage(resource));
        const values = await prepareValues(app.db, resource, request.body, id);
        await app.db
          .transaction()
          .execute(async (trx) => {
            await updateContent(trx, resource, id, values);
            // The images this record let go of, if nothing else uses them.
            await deleteImagesNoLongerUsed(trx, imageIds(resource, before));
            await writeAudit(trx, {
              action: 'content.update',
              user_id: currentAuth(request).user.id,
              ...subject,
              subject_id: id,
              ip: request.ip,
            });
          })
          .catch((err: unknown) => {
            throw constraintError(err, resource) ?? err;
          });
        const record = await findContent(app.db, resource, id);
        if (!record) throw notFound(notFoundMessage(resource));
        return { data: toContentItem(resource, record) };
      },
    );

    app.delete(
      apiRoute(resourcePaths.item(resource.base)),
      {
        schema: {
          tags,
          security,
          summary: `Menghapus ${singular.toLowerCase()}`,
          params: idParams,
          response: responses({ 200: messageSchema }),
        },
      },
      async (request) => {
        const { id } = request.params;
        const before = await findContent(app.db, resource, id);
        if (!before) throw notFound(notFoundMessage(resource));
        await app.db.transaction().execute(async (trx) => {
          await deleteContent(trx, resource, id);
          await deleteImagesNoLongerUsed(trx, imageIds(resource, before));
          await writeAudit(trx, {
            action: 'content.delete',
            user_id: currentAuth(request).user.id,
            ...subject,
            subject_id: id,
            ip: request.ip,
          });
        });
        return { message: `${singular} berhasil dihapus.` };
      },
    );
  }
};
