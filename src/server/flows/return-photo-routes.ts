import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema as problem } from '../../contract/problem';
import { RETURN_PHOTO_MESSAGES, RETURN_PHOTOS, returnPhotoAnswerSchema, returnPhotoParams, rmaNumParam } from '../../contract/returns';
import { readImageUpload } from '../catalogue';
import type { ShopContext } from '../context';
import { buyerActor, requireCustomer } from '../platform/http/auth-context';
import { ReturnPhotoService } from './return-photos';

const UPLOAD = { maxBytes: RETURN_PHOTOS.maxBytes, messages: RETURN_PHOTO_MESSAGES };
const MB = RETURN_PHOTOS.maxBytes / 1024 / 1024;

/** A stored JPEG, never kept by a shared cache: `private, no-store` for the buyer, `no-store` in the back office. */
const sendJpeg = (reply: FastifyReply, bytes: Buffer, cacheControl: string) => reply.header('content-type', 'image/jpeg').header('cache-control', cacheControl).send(bytes);

/**
 * A return's photos, the buyer's side (decision 0039): upload one at a time and read them back.
 * Multipart is parsed in this plugin only. The JPEGs are private to the buyer: `private, no-store`.
 */
export const buyerReturnPhotoRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (api, { ctx }) => {
  const photos = new ReturnPhotoService(ctx.database.db, ctx.ops);
  const tags = ['returns'];
  const security = [{ userToken: [] }];
  await api.register(multipart, { limits: { fileSize: RETURN_PHOTOS.maxBytes, files: 1 } });
  api.addHook('preValidation', async (request) => void requireCustomer(request));
  api.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'private, no-store'));

  api.post(
    '/Shop/Returns/:rmaNum/Photos',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          `multipart/form-data, part \`file\`: a JPEG, PNG, WebP or HEIC photo up to ${MB} MB of what arrived, while the return is requested or approved; ` +
          `at most ${RETURN_PHOTOS.perReturn} a return. Kept as one upright JPEG of at most ${RETURN_PHOTOS.box} pixels, without the camera's metadata (GPS included). Another buyer's return is not found.`,
        params: rmaNumParam,
        response: { 201: returnPhotoAnswerSchema, 400: problem, 401: problem, 404: problem, 409: problem },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      // Who may add, before a byte of the file is read.
      await photos.assertCanAdd(customer.id, request.params.rmaNum);
      const file = await readImageUpload(request, UPLOAD);
      const answer = await photos.add(buyerActor(customer, 'Customer', request.ip), customer.id, request.params.rmaNum, file);
      return reply.code(201).send(answer);
    },
  );

  api.get(
    '/Shop/Returns/:rmaNum/Photos/:photoId.jpg',
    { schema: { tags, security, description: "One of your return's photos (JPEG); another buyer's is not found.", params: returnPhotoParams, response: { 400: problem, 401: problem, 404: problem } } },
    async (request, reply) => sendJpeg(reply, await photos.jpeg(request.params.rmaNum, request.params.photoId, requireCustomer(request).id), 'private, no-store'),
  );
};

/** A return's photos in the back office: read by whoever reads returns (`orders:write`), `no-store`. */
export const adminReturnPhotoRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  const photos = new ReturnPhotoService(ctx.database.db, ctx.ops);
  app.get(
    '/Returns/:rmaNum/Photos/:photoId.jpg',
    {
      config: { permission: 'orders:write' },
      schema: {
        tags: ['admin: returns'],
        security: [{ staffSession: [] }],
        description: 'A photo the buyer added to the return (JPEG).',
        params: returnPhotoParams,
        response: { 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    async (request, reply) => sendJpeg(reply, await photos.jpeg(request.params.rmaNum, request.params.photoId), 'no-store'),
  );
};
