import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_MIME, type PhotoFormat } from '../../../contract/photos';
import type { CatalogueContext } from '../context';
import { sendProblem } from '../../platform/http/error-handler';
import { variantBytes } from './queries';
import { VariantCache } from './variant-cache';

/**
 * Real product photos, `/img/{hash}-{box}.{avif|webp|jpg}` (decision 0019): public, read from
 * the database so that every instance serves every photo, with a small in-memory cache in front.
 * An address never changes content, so browsers and CDNs keep it for a year and revalidate it
 * with its ETag at most. Outside /beapi and the OpenAPI document, like the generated pictures
 * (catalogue/picture-routes.ts); no fast lane: the work is a cache hit or one indexed read.
 */

const CACHE_BYTES = 32 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const VARIANT = /^([0-9a-f]{32})-(\d{2,4})\.(avif|webp|jpg)$/;

const params = z.object({ file: z.string().max(60) });

export const photoImageRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const cache = new VariantCache(CACHE_BYTES);
  const db = ctx.database.db;

  app.get('/img/:file', { schema: { hide: true, params } }, async (request, reply) => {
    const m = VARIANT.exec(request.params.file);
    if (!m) return sendProblem(reply, 404, 'No such photo');
    const [, hash, box, format] = m as unknown as [string, string, string, PhotoFormat];
    const etag = `"${hash}-${box}-${format}"`;
    let bytes = cache.get(request.params.file);
    if (!bytes) {
      bytes = await variantBytes(db, hash, Number(box), format);
      if (!bytes) return sendProblem(reply, 404, 'No such photo');
      cache.set(request.params.file, bytes);
    }
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    // A list of tags, or the one tag, as a browser or CDN revalidates.
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    return reply.header('content-type', PHOTO_MIME[format]).send(bytes);
  });
};
