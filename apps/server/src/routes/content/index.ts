import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requireAdmin } from '../../plugins/authenticate.ts';
import contentTypesRoutes from './content-types.ts';
import fileUploadRoutes from './files.ts';
import { letterNumberPreviewRoutes } from './letter-number-preview.ts';
import { contentReadRoutes, contentWriteRoutes } from './resources.ts';
import { settingsAdminRoutes, settingsReadRoutes } from './settings.ts';

/**
 * Content resources, image uploads and the village's settings (issue 3), under /api.
 * Reading is public; everything that writes is behind this folder's admin hooks.
 * The stored images themselves (`/files/{id}`) are served by ./files-public.ts at the root.
 */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(contentTypesRoutes);
  await app.register(contentReadRoutes);
  await app.register(settingsReadRoutes);

  await app.register(async (admin) => {
    admin.addHook('onRequest', authenticate);
    admin.addHook('onRequest', requireAdmin);
    await admin.register(contentWriteRoutes);
    await admin.register(settingsAdminRoutes);
    await admin.register(letterNumberPreviewRoutes);
    await admin.register(fileUploadRoutes);
  });
};

export default contentRoutes;
