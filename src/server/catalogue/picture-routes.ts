import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogueContext } from './context';
import { sendProblem } from '../platform/http/error-handler';
import { pictureFactsFor } from './pictures/facts';
import { itemPictureSvg } from './pictures/item-svg';
import { categoryLogoSvg, productLineLogoSvg, shopLogoSvg } from './pictures/logos';

/**
 * Product pictures, product-line logos and category logos (DESIGN.md §2). A real photo in
 * DATA_DIR/images/items wins; otherwise the picture is drawn from the live catalogue index.
 * These routes live at the root, not under /beapi, and stay out of the OpenAPI document.
 */

/** Item numbers as the catalogue uses them; no dots or slashes, so a path can never leave the folder. */
const ITEM_NUM = /^[A-Za-z0-9_-]{1,40}$/;
const PHOTO_TYPES: [ext: string, type: string][] = [
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
];
const LOGOS = ['latex', 'foil', 'bubbles', 'shop'] as const;
const SVG_CACHE_SIZE = 5000;

// The picture URLs carry ?v=; anything else is tolerated and ignored (a repeated v included).
const pictureQuery = z.object({ v: z.union([z.string(), z.array(z.string())]).optional() });

const itemParams = z.object({
  // A file extension is tolerated (/images/items/11001.png) and ignored: the server picks the format.
  num: z
    .string()
    .transform((v) => v.replace(/\.(svg|png|jpe?g|webp)$/i, ''))
    .pipe(z.string().regex(ITEM_NUM, 'Invalid item number')),
});
const logoParams = z.object({ name: z.string().max(40) });
const categoryParams = z.object({ num: z.string().regex(/^\d{1,9}$/, 'Invalid category number').transform(Number) });

/**
 * Drawn SVGs by key, least recently used first. Keys carry the index version, and the whole
 * cache is dropped when the version moves on, so a changed item is never drawn from old facts.
 */
class SvgCache {
  private readonly entries = new Map<string, string>();
  private version = '';

  constructor(private readonly max: number) {}

  get(version: string, key: string, draw: () => string): string {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const fullKey = `${version}:${key}`;
    let svg = this.entries.get(fullKey);
    if (svg !== undefined) {
      this.entries.delete(fullKey);
    } else {
      svg = draw();
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(fullKey, svg);
    return svg;
  }
}

/**
 * A versioned URL never changes content, so browsers may keep it for a year; an unversioned one
 * (typed by hand, or an old link) is kept for an hour, so a newly placed photo shows up.
 */
function cacheFor(reply: FastifyReply, versioned: boolean): FastifyReply {
  return reply.header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
}

/** SVG can carry script; this policy keeps an SVG opened on its own as inert as an <img>. */
function sendSvg(reply: FastifyReply, svg: string, versioned: boolean): FastifyReply {
  return cacheFor(reply, versioned)
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

/** The item's photo if one has been placed in the images folder. */
async function findPhoto(folder: string, num: string): Promise<{ path: string; type: string; size: number } | null> {
  for (const [ext, type] of PHOTO_TYPES) {
    const path = resolve(folder, `${num}.${ext}`);
    if (!path.startsWith(folder + sep)) return null;
    try {
      const s = await stat(path);
      if (s.isFile()) return { path, type, size: s.size };
    } catch {
      // Not there in this format: try the next one.
    }
  }
  return null;
}

export const pictureRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const photoFolder = resolve(ctx.config.DATA_DIR, 'images', 'items');
  const cache = new SvgCache(SVG_CACHE_SIZE);

  app.get(
    '/images/items/:num',
    { schema: { hide: true, params: itemParams, querystring: pictureQuery } },
    async (request, reply) => {
      const { num } = request.params;
      const versioned = request.query.v !== undefined;
      const photo = await findPhoto(photoFolder, num);
      if (photo) {
        return cacheFor(reply, versioned)
          .header('content-type', photo.type)
          .header('content-length', photo.size)
          .send(createReadStream(photo.path));
      }
      const index = ctx.catalogue.current();
      const item = index.byNum.get(num);
      if (!item) return sendProblem(reply, 404, `Item ${num} not found`);
      const svg = cache.get(index.version, `item:${num}`, () => itemPictureSvg(pictureFactsFor(item, index)));
      return sendSvg(reply, svg, versioned);
    },
  );

  app.get(
    '/images/logos/:name.svg',
    { schema: { hide: true, params: logoParams, querystring: pictureQuery } },
    async (request, reply) => {
      const name = LOGOS.find((l) => l === request.params.name);
      if (!name) return sendProblem(reply, 404, 'No such logo');
      return sendSvg(reply, name === 'shop' ? shopLogoSvg() : productLineLogoSvg(name), request.query.v !== undefined);
    },
  );

  app.get(
    '/images/categories/:num.svg',
    { schema: { hide: true, params: categoryParams, querystring: pictureQuery } },
    async (request, reply) => {
      const { num } = request.params;
      const index = ctx.catalogue.current();
      const category = index.categories.get(num);
      if (!category) return sendProblem(reply, 404, `Category ${num} not found`);
      const svg = cache.get(index.version, `category:${num}`, () => categoryLogoSvg(num, category.description));
      return sendSvg(reply, svg, request.query.v !== undefined);
    },
  );
};
