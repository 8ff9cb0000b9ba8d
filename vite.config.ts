import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, transformWithOxc, type UserConfig } from 'vite';

const MANTINE_STYLES = 'virtual:mantine-styles';

/**
 * Mantine's stylesheet in pieces (docs/decisions/0010-front-end-speed.md). The whole
 * @mantine/core/styles.css is 290 KB and blocked the first paint of every page. In a build, each
 * Mantine component's class-name module (`Button.module.mjs`) imports that component's own
 * stylesheet, so a chunk carries the CSS of exactly the components it contains: the entry CSS holds
 * the shell's, a page's CSS arrives with the page's code (before it renders). The `.layer.css`
 * variants put Mantine in `@layer mantine`, so our own CSS wins whatever order the chunks load in.
 * The dev server pre-bundles Mantine (no per-file transform), so there the whole sheet is loaded.
 */
function mantineStylesPerComponent(): Plugin {
  let build = false;
  return {
    name: 'mantine-styles-per-component',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === MANTINE_STYLES ? `\0${MANTINE_STYLES}` : null;
    },
    load(id) {
      if (id !== `\0${MANTINE_STYLES}`) return null;
      if (!build) return `import '@mantine/core/styles.layer.css';\nimport '@mantine/notifications/styles.layer.css';\n`;
      return ['baseline', 'default-css-variables', 'global'].map((f) => `import '@mantine/core/styles/${f}.layer.css';`).join('\n');
    },
    transform(code, id) {
      if (!build) return null;
      const core = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/.exec(id);
      if (core) return { code: `${code}\nimport '@mantine/core/styles/${core[1]}.layer.css';\n`, map: null };
      if (/[\\/]@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.module\.mjs$/.test(id)) {
        return { code: `${code}\nimport '@mantine/notifications/styles.layer.css';\n`, map: null };
      }
      return null;
    },
  };
}

/**
 * Mantine's ScrollArea (under every Table.ScrollContainer) takes one small hook, useMergeRefs, from
 * @floating-ui/react, and that module is all of Floating UI's React code (popovers, tooltips):
 * 12 KB gzip on every page with a scrolling table, popover or not. The same hook from
 * @mantine/hooks (a callback ref that sets each ref, with React 19's ref clean-up) instead. If a
 * Mantine release changes the import, this does nothing and the admin's bundle check
 * (e2e/admin-bundle.test.ts) tells.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const from = 'import { useMergeRefs } from "@floating-ui/react";';
  return {
    name: 'scroll-area-without-floating-ui',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(id) || !code.includes(from)) return null;
      const to = 'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);';
      return { code: code.replace(from, to), map: null };
    },
  };
}

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll (the scroll lock of modals
 * and drawers, with its side-car modules) only to read one class name from it: the back office's
 * shell then carried the scroll lock on every screen. The same name from its constants module.
 */
function appShellWithoutScrollLock(): Plugin {
  const from = 'import { RemoveScroll } from "react-remove-scroll";';
  return {
    name: 'app-shell-without-scroll-lock',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]/.test(id) || !code.includes(from)) return null;
      const to = 'import { zeroRightClassName } from "react-remove-scroll-bar/constants";\nconst RemoveScroll = { classNames: { zeroRight: zeroRightClassName } };';
      return { code: code.replace(from, to), map: null };
    },
  };
}

/**
 * Mantine's AppShell sections render a resize handle only with AppShell's `resize` prop, which the
 * back office does not use; each section imports it anyway (pointer and keyboard resizing: 1.4 KB
 * gzip on every signed-in screen). Without the prop the sections never render it, so in the admin's
 * build it is a stand-in that renders nothing (passing `resize` would then show no handles).
 */
function appShellWithoutResizeHandles(): Plugin {
  const from = 'import { AppShellResizeHandle } from "../AppShellResizeHandle/AppShellResizeHandle.mjs";';
  return {
    name: 'app-shell-without-resize-handles',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside|Navbar)[\\/]/.test(id) || !code.includes(from)) return null;
      return { code: code.replace(from, 'const AppShellResizeHandle = () => null;'), map: null };
    },
  };
}

/**
 * Mantine's NavLink opens nested links in a Collapse (with @mantine/hooks' use-collapse: 1.5 KB
 * gzip), imported whether or not a link has children. The back office's links have none (its
 * navigation is flat, the collections' list too), yet the shell loaded it on every screen. In the
 * admin's build a nested link's children show and hide without the animation.
 */
function navLinkWithoutCollapse(): Plugin {
  const from = 'import { Collapse } from "../Collapse/Collapse.mjs";';
  return {
    name: 'nav-link-without-collapse',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]NavLink[\\/]NavLink\.mjs$/.test(id) || !code.includes(from)) return null;
      const to = 'const Collapse = ({ expanded, keepMounted, children, ...others }) => (expanded || keepMounted ? jsx("div", { ...others, hidden: !expanded, children }) : null);';
      return { code: code.replace(from, to), map: null };
    },
  };
}

/**
 * Zod's classic schemas carry their JSON Schema conversion (toJSONSchema, the Standard JSON Schema
 * `jsonSchema` of `~standard`): every schema type sets a `processJSONSchema`, which keeps all of
 * zod's JSON Schema code (33 KB, 4.9 KB gzip) in any bundle that parses with zod. Only the server
 * makes JSON Schema (the OpenAPI document); in the back office's build the schemas go without it.
 * The checks' summaries (`maxLength`, `isInt`, read by forms) still come from that module's
 * aggregateChecks, which is all that is left of it. Calling toJSONSchema in the browser throws.
 */
function zodWithoutJsonSchema(): Plugin {
  const importLine = 'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
  const processor = /^\s*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);\n/gm;
  return {
    name: 'zod-without-json-schema',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(id) || !code.includes(importLine)) return null;
      const stub = 'const noJsonSchema = () => () => { throw new Error("No JSON Schema in this build"); };\nconst createStandardJSONSchemaMethod = noJsonSchema;\nconst createToJSONSchemaMethod = noJsonSchema;';
      return { code: code.replace(importLine, stub).replace(processor, ''), map: null };
    },
  };
}

const EARLY_DATA = fileURLToPath(new URL('./src/web/early-data.ts', import.meta.url));
const ADMIN_ROOT = fileURLToPath(new URL('./src/admin', import.meta.url));
const ADMIN_OUT = fileURLToPath(new URL('./dist/web/admin', import.meta.url));
const ADMIN_MODE = 'admin';

/**
 * The back office (src/admin/, DESIGN.md §5) is a build of its own, run by `vite build` right
 * after the storefront's, into dist/web/admin/ (its index.html, and its chunks under
 * /admin/assets/). One build with two HTML inputs moved the modules both apps use (React, Mantine)
 * into a chunk shared by the two entries, and every storefront page then loaded one file more and
 * ~1.5 KB more: a separate build leaves the storefront's output exactly as it was. The dev server
 * answers /admin and /admin/* with the admin's page (its modules served from src/admin).
 */
function adminApp(): Plugin {
  let storefrontBuild = false;
  return {
    name: 'admin-app',
    configResolved(config) {
      storefrontBuild = config.command === 'build' && config.mode !== ADMIN_MODE;
    },
    async closeBundle() {
      if (!storefrontBuild) return;
      const { build } = await import('vite');
      await build({
        configFile: false,
        mode: ADMIN_MODE,
        root: ADMIN_ROOT,
        base: '/admin/',
        publicDir: false,
        plugins: [react(), mantineStylesPerComponent(), scrollAreaWithoutFloatingUi(), appShellWithoutScrollLock(), appShellWithoutResizeHandles(), navLinkWithoutCollapse(), zodWithoutJsonSchema()],
        // No modulepreload polyfill: every browser the back office supports preloads modules itself
        // (one that does not still loads them, when imported).
        build: { ...buildOptions, outDir: ADMIN_OUT, emptyOutDir: true, rolldownOptions: adminRolldownOptions, modulePreload: { polyfill: false } },
      });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!(path === '/admin' || path.startsWith('/admin/')) || /\.[a-z0-9]+$/i.test(path)) return next();
        const html = readFileSync(join(ADMIN_ROOT, 'index.html'), 'utf8').replace('./main.tsx', `/@fs${join(ADMIN_ROOT, 'main.tsx')}`);
        server
          .transformIndexHtml(req.url ?? '/admin', html)
          .then((out) => res.setHeader('content-type', 'text/html').end(out))
          .catch(next);
      });
    },
  };
}

/**
 * The early data script (src/web/early-data.ts, docs/decisions/0010-front-end-speed.md) as a file
 * of its own, named in index.html before the app's entry, so that a landing page's API calls start
 * as soon as the HTML is parsed rather than once the app's JavaScript has loaded and run. Vite
 * would bundle a second `<script type="module">` of index.html into the app's entry, so in a build
 * the script is emitted as a hashed asset (compiled from TypeScript; it imports nothing) and its
 * tag added to the built index.html. It is not a chunk, so the build manifest's one entry stays
 * the app's (src/server/platform/http/static-web.ts reads it). The dev server serves the .ts file itself.
 */
function earlyDataScript(): Plugin {
  let build = false;
  let ref = '';
  return {
    name: 'early-data-script',
    configResolved(config) {
      build = config.command === 'build';
    },
    async buildStart() {
      if (!build) return;
      const { code } = await transformWithOxc(readFileSync(EARLY_DATA, 'utf8'), EARLY_DATA, { lang: 'ts', sourcemap: false });
      ref = this.emitFile({ type: 'asset', name: 'early-data.js', source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The storefront's landing calls only; the back office's page starts with its own session call.
        if (ctx.path.startsWith('/admin')) return html;
        let src = '/early-data.ts';
        if (build) {
          const asset = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'asset' && f.names.includes('early-data.js'));
          if (!asset) throw new Error(`early-data-script: asset ${ref} not in the bundle`);
          src = `/${asset.fileName}`;
        }
        const tag = `<script type="module" async crossorigin src="${src}"></script>`;
        const at = html.indexOf('<script type="module"');
        return at < 0 ? html.replace('</head>', `  ${tag}\n  </head>`) : `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * The back office's chunks (issue 29): plain code splitting, without the storefront's inlined
 * common chunks. Inlining copied every shared Mantine component into each page's chunk, and its
 * stylesheet with it (1.1 MB of CSS over 34 files, the same rules loaded again on every page).
 * Split, each module (and each Mantine component's CSS) lives in exactly one file, loaded once and
 * then cached for every other page; a page loads only what it does not have yet. React (needed by
 * every chunk) is a chunk of its own, and so is Floating UI (popovers and menus), so that a page
 * without them never loads it because a shared chunk happened to take it in.
 */
const adminRolldownOptions = {
  preserveEntrySignatures: false,
  output: {
    codeSplitting: {
      groups: [
        { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
        { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
      ],
    },
  },
} satisfies NonNullable<UserConfig['build']>['rolldownOptions'];

/** The storefront's and the back office's build settings (each its own outDir). */
const buildOptions = {
  reportCompressedSize: true,
  // dist/web/.vite/manifest.json: `npm run bench:web` reads which chunks each page needs.
  manifest: true,
  sourcemap: false,
  rolldownOptions: {
    // Inline Common Chunks (below) needs entries without a fixed export signature.
    preserveEntrySignatures: false,
    output: {
      // Automatic splitting made ~40 small chunks for a listing page (Mantine components shared
      // between pages); on a slow connection each is a round trip, and they came in two waves
      // (the entry's, then the page's). Common chunks are copied into the chunks that use them
      // instead, a registry in rolldown's runtime keeping one instance of each module: the
      // entry, a shared chunk and one chunk per page remain, and the gzip total is smaller too.
      // A page's CSS file may repeat rules of the entry's: the same rules in the same layer.
      codeSplitting: { experimentalInlineCommonChunks: { maxSize: 256 * 1024 } },
    },
  },
} satisfies UserConfig['build'];

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), mantineStylesPerComponent(), earlyDataScript(), adminApp()],
  build: { ...buildOptions, outDir: '../../dist/web', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/beapi': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000', '/catalogs': 'http://127.0.0.1:3000' },
  },
});
