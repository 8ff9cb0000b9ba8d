import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

const body = (text: string) => Buffer.from(text.repeat(200));

describe('the response cache', () => {
  it('keeps a URL from its second answer on, and answers it until the version moves', () => {
    const cache = new ResponseCache();
    cache.set('a/beapi/x?page=1', 'v1', 'e1', body('one'));
    expect(cache.get('a/beapi/x?page=1', 'v1')).toBeUndefined();
    cache.set('a/beapi/x?page=1', 'v1', 'e1', body('one'));
    expect(cache.get('a/beapi/x?page=1', 'v1')?.body).toEqual(body('one'));
    expect(cache.get('p/beapi/x?page=1', 'v1')).toBeUndefined();
    expect(cache.get('a/beapi/x?page=1', 'v2')).toBeUndefined();
    cache.set('a/beapi/y', 'v2', 'e2', body('two'));
    expect(cache.size).toBe(0);
  });

  it('keeps nothing of URLs that never come back', () => {
    const cache = new ResponseCache();
    for (let i = 0; i < 5000; i++) cache.set(`a/beapi/search?searchtext=w${i}`, 'v1', 'e', body(`answer ${i}`));
    expect(cache.size).toBe(0);
    expect(cache.heldBytes).toBe(0);
  });

  it('stays within its bound, dropping the least recently used', () => {
    const cache = new ResponseCache(64 * 1024);
    const keep = (key: string) => {
      cache.set(key, 'v1', 'e', Buffer.alloc(6 * 1024, key));
      cache.set(key, 'v1', 'e', Buffer.alloc(6 * 1024, key));
    };
    for (let i = 0; i < 8; i++) keep(`k${i}`);
    expect(cache.get('k0', 'v1')).toBeDefined();
    for (let i = 8; i < 20; i++) keep(`k${i}`);
    expect(cache.heldBytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('k0', 'v1')).toBeUndefined();
    expect(cache.get('k19', 'v1')).toBeDefined();
  });

  it('compresses a kept answer once per encoding', () => {
    const cache = new ResponseCache();
    cache.set('k', 'v1', 'e', body('gzip me '));
    const entry = cache.set('k', 'v1', 'e', body('gzip me '));
    const first = cache.encoded(entry, 'gzip');
    expect(first.encoding).toBe('gzip');
    expect(gunzipSync(first.body)).toEqual(body('gzip me '));
    expect(cache.encoded(entry, 'gzip').body).toBe(first.body);
  });
});
