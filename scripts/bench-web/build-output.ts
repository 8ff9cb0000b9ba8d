import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEB_DIR = 'dist/web';
const MANIFEST = join(WEB_DIR, '.vite', 'manifest.json');
const SOURCES = ['src/web', 'src/contract', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds dist/web unless its manifest is newer than every source file (or --no-build). */
export function ensureBuild(skip: boolean): 'built' | 'fresh' | 'skipped' {
  if (skip && existsSync(MANIFEST)) return 'skipped';
  if (existsSync(MANIFEST) && statSync(MANIFEST).mtimeMs > Math.max(...SOURCES.map(newestMtime))) return 'fresh';
  execFileSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return 'built';
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * What a page needs according to the build: the entry chunk, the route's lazy chunk and every
 * chunk they import statically (what the browser must load before the page can render).
 */
export function buildJsGzip(routeModule: string): { bytes: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const route = Object.keys(manifest).find((k) => k.endsWith(routeModule));
  if (!entry || !route) throw new Error(`the build manifest has no entry or no ${routeModule}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) visit(i);
  };
  visit(entry);
  visit(route);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(WEB_DIR, f)), { level: 9 }).length, 0);
  return { bytes, files };
}
