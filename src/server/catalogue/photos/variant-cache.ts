/**
 * Photo variants by address, least recently used first, bounded by their total size. Variants
 * never change (their address holds the content hash), so nothing here is ever stale; a deleted
 * photo may be served from memory until it is pushed out, as a browser or CDN would.
 */
export class VariantCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: Buffer): void {
    // One variant bigger than a tenth of the cache would push out most of it for one reader.
    if (value.length > this.maxBytes / 10 || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
}
