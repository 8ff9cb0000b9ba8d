import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  itemNumParam,
  itemPhotoParams,
  PHOTO_ACCEPTED,
  PHOTO_LIMITS,
  photoAltBody,
  photoListSchema,
  photoOrderBody,
  photoSchema,
} from '../../../contract/admin/photos';
import { problemSchema as problem } from '../../../contract/problem';
import type { CatalogueContext } from '../context';
import { PhotoService } from './service';
import { readPhotoUpload } from './upload';
import { actorOf } from '../../staff';

const tags = ['admin: photos'];
const security = [{ staffSession: [] }];
const config = { permission: 'catalogue:write' as const };

/**
 * An item's photos (DESIGN.md §5 "Catalogue and content management"); rules in photos/service.ts.
 * Multipart is parsed in this plugin only: every other admin route takes JSON under 1 MiB.
 */
export const photoRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const photos = new PhotoService(ctx.database.db, ctx.ops.forUpdate);
  await app.register(multipart, { limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1 } });

  app.get(
    '/Items/:num/Photos',
    { config, schema: { tags, security, params: itemNumParam, response: { 200: photoListSchema, 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request) => photos.list(request.params.num),
  );

  app.post(
    '/Items/:num/Photos',
    {
      config,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          `multipart/form-data: part \`file\` (${PHOTO_ACCEPTED}, up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB and ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels), ` +
          'optional part `alt`. Made upright, stripped of metadata and served at /img/{hash}-{box}.{avif|webp|jpg}; the item\'s first photo becomes its picture.',
        params: itemNumParam,
        response: { 201: photoSchema, 400: problem, 401: problem, 403: problem, 404: problem, 409: problem },
      },
    },
    async (request, reply) => {
      const { file, alt } = await readPhotoUpload(request);
      return reply.code(201).send(await photos.add(actorOf(request), request.params.num, file, alt));
    },
  );

  app.put(
    '/Items/:num/Photos/Order',
    { config, schema: { tags, security, params: itemNumParam, body: photoOrderBody, response: { 200: photoListSchema, 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request) => photos.reorder(actorOf(request), request.params.num, request.body.photoIds),
  );

  app.put(
    '/Items/:num/Photos/:photoId',
    { config, schema: { tags, security, params: itemPhotoParams, body: photoAltBody, response: { 200: photoSchema, 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request) => photos.setAlt(actorOf(request), request.params.num, request.params.photoId, request.body.alt),
  );

  app.delete(
    '/Items/:num/Photos/:photoId',
    { config, schema: { tags, security, params: itemPhotoParams, response: { 200: photoListSchema, 400: problem, 401: problem, 403: problem, 404: problem } } },
    async (request) => {
      await photos.remove(actorOf(request), request.params.num, request.params.photoId);
      return photos.list(request.params.num);
    },
  );
};
