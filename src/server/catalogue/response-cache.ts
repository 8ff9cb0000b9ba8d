import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Serialised catalogue answers, per process. A catalogue GET answers the same bytes for the same
 * URL as long as the index version is the same and the caller is priced (signed in) or not, so
 * a repeated listing or item page is a buffer write: no validation, no filtering, no
 * JSON.stringify, and each compressed form is made once. A URL is kept from its second answer on
 * (`admit`); bounded by bytes, least recently used first out; a new index version empties it
 * (docs/decisions/0006-hot-path.md).
 */

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedAnswer {
  key: string;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Bytes held for this entry (key and every form), for the bound. */
  bytes: number;
}

/** Slots of the admission filter (a power of two): each remembers the hash of one key seen once. */
const SEEN_SLOTS = 1 << 16;

/** Below this size compression does not pay (as the global compress threshold). */
const COMPRESS_FROM = 1024;
/** Longer URLs are answered but not kept: no legitimate catalogue URL comes near it. */
const MAX_KEY = 1024;

export class ResponseCache {
  private entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  private version = '';
  /** Hashes of keys answered once and not kept (see `admit`). */
  private readonly seen = new Int32Array(SEEN_SLOTS);

  constructor(private readonly maxBytes = 48 * 1024 * 1024) {}

  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  /** The answer kept for this key under this index version. */
  get(key: string, version: string): CachedAnswer | undefined {
    if (version !== this.version) return undefined;
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: re-inserting keeps recently used entries last.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keeps (and answers) an answer; an entry of an older index version is never stored. */
  set(key: string, version: string, etag: string, body: Buffer): CachedAnswer {
    const entry: CachedAnswer = { key, etag, body, bytes: body.length + key.length * 2 + 64 };
    if (version !== this.version) {
      // Versions only move forward while the process runs: a new one makes every entry stale.
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    if (key.length > MAX_KEY || entry.bytes > this.maxBytes / 8 || !this.admit(key)) return entry;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.trim();
    return entry;
  }

  /** The body in the given encoding, compressing it once on first demand. */
  encoded(entry: CachedAnswer, encoding: Encoding): { body: Buffer; encoding: Encoding } {
    if (encoding === 'identity' || entry.body.length < COMPRESS_FROM) return { body: entry.body, encoding: 'identity' };
    let body = entry[encoding];
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
            })
          : gzipSync(entry.body, { level: 6 });
      entry[encoding] = body;
      entry.bytes += body.length;
      if (this.entries.get(entry.key) === entry) this.bytes += body.length;
      this.trim();
    }
    return { body, encoding };
  }

  /**
   * A key is kept from its second answer on. Under URLs that never come back (random filter
   * combinations, searches, item pages across a large catalogue) keeping every answer only
   * churned the cache: each kept body lived long enough to reach V8's old generation and was then
   * pushed out, so full garbage collections (tens of ms, every few seconds) came from the cache
   * itself. A URL asked for twice within the last ~65,000 distinct ones is kept as before.
   */
  private admit(key: string): boolean {
    const hash = fnv1a(key) | 1;
    const slot = (hash >>> 16) & (SEEN_SLOTS - 1);
    if (this.seen[slot] === hash) return true;
    this.seen[slot] = hash;
    return false;
  }

  private trim(): void {
    while (this.bytes > this.maxBytes && this.entries.size > 0) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.bytes;
    }
  }
}

const encodingChoices = new Map<string, Encoding>();

/**
 * The best encoding a client accepts: br, then gzip, else identity (`q=0` refuses one, `*`
 * accepts any). Decisions are remembered per header value; clients send a handful of them.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let choice = encodingChoices.get(acceptEncoding);
  if (choice) return choice;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  choice = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity';
  if (encodingChoices.size < 256 && acceptEncoding.length < 200) encodingChoices.set(acceptEncoding, choice);
  return choice;
}

/** 32-bit FNV-1a of a string's UTF-16 code units. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
