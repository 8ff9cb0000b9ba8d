import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './error-handler';

/**
 * The page module of the client routes a visitor most often lands on (src/web/app/router.tsx),
 * keyed by the URL's path. Their index.html names the page's code and CSS, so that the browser
 * fetches them together with the app's entry instead of after it has run
 * (docs/decisions/0010-front-end-speed.md). Any other path gets the plain index.html.
 */
const LANDING_ROUTES: Record<string, string> = {
  '/': 'features/content/home-page.tsx',
  '/products': 'features/catalogue/products-page.tsx',
  '/productdetail': 'features/catalogue/product-detail-page.tsx',
  '/categories': 'features/catalogue/categories-page.tsx',
  // A path ending in '/' stands for every path under it: /order-grid/1, /order-grid/7 …
  '/order-grid/': 'features/catalogue/grid-page.tsx',
};

/** The landing page of this path: its own, else the one of the nearest folder route above it (`/order-grid/1` → `/order-grid/`). */
function landingPageOf(byPath: Map<string, Page>, path: string): Page | undefined {
  const exact = byPath.get(path);
  if (exact) return exact;
  const slash = path.lastIndexOf('/');
  return slash > 0 ? byPath.get(path.slice(0, slash + 1)) : undefined;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

interface Page {
  html: string;
  etag: string;
}

function page(html: string): Page {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

/**
 * index.html for each landing route, with `modulepreload` links for the page's chunks and
 * stylesheet links for its CSS (the ones the entry does not already load). Vite's loader finds
 * these links and does not add them again. Without a build manifest: the plain index.html.
 */
export function landingPages(webDir: string): { fallback: Page; byPath: Map<string, Page> } {
  const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8');
  const byPath = new Map<string, Page>();
  const manifestPath = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath) || !indexHtml.includes('</head>')) return { fallback: page(indexHtml), byPath };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const inEntry = entryKey ? closure(entryKey) : new Set<string>();
  for (const [path, module] of Object.entries(LANDING_ROUTES)) {
    if (!manifest[module]) continue;
    const chunks = [...closure(module)].filter((k) => !inEntry.has(k)).map((k) => manifest[k]!);
    const links = [
      ...chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`),
      ...[...new Set(chunks.flatMap((c) => c.css ?? []))].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ];
    byPath.set(path, page(indexHtml.replace('</head>', `    ${links.join('\n    ')}\n  </head>`)));
  }
  return { fallback: page(indexHtml), byPath };
}

/**
 * The built SPA: hashed assets cached for a year, index.html never cached (revalidated by its
 * ETag), and index.html for any other non-API path so that client-side routes survive a reload.
 */
export function serveWebApp(app: FastifyInstance, webDir: string): void {
  const built = existsSync(join(webDir, 'index.html'));
  const pages = built ? landingPages(webDir) : null;
  // The back office's own build (vite.config.ts): its page for /admin and /admin/*, never the storefront's.
  const adminHtml = join(webDir, 'admin', 'index.html');
  const adminPage = built && existsSync(adminHtml) ? page(readFileSync(adminHtml, 'utf8')) : null;
  const hashedDirs = [join(webDir, 'assets'), join(webDir, 'admin', 'assets')];
  if (built) {
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        const hashed = hashedDirs.some((dir) => path.startsWith(`${dir}/`));
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/beapi/') || path === '/beapi' || request.method !== 'GET' || !pages) {
      return sendProblem(reply, 404, `No such resource: ${request.method} ${path}`);
    }
    if (/\.[a-z0-9]+$/i.test(path)) return sendProblem(reply, 404, `No such file: ${path}`);
    const admin = path === '/admin' || path.startsWith('/admin/');
    if (admin && !adminPage) return sendProblem(reply, 404, `No such resource: ${request.method} ${path}`);
    const { html, etag } = admin ? adminPage! : (landingPageOf(pages.byPath, path) ?? pages.fallback);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
