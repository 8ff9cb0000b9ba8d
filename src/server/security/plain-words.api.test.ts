import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { placeOf } from '../../contract/labels';
import { codeNamesIn } from '../../contract/code-names';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { routeCollector } from './route-table';

/**
 * DESIGN.md §7: a 400 answer reads as sentences for people. Its `detail`, `errors` and `fields`
 * messages name each field by the label its form shows ("Title", "Units to add or remove"), never
 * by the key (`web_Title`, `setTo`); `fields` stays keyed by the keys, for forms and scripts.
 */

const { routes, collect } = routeCollector();
const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' }, options: { onRoute: collect } });

const editorBody = async (num: string) => {
  const { photos: _photos, ...body } = (await adminCall(t, owner, { method: 'GET', url: `/Items/${num}` })).body as Record<string, unknown>;
  return body;
};

/** Every message of a problem answer: detail, errors and fields. */
const messagesOf = (body: { detail: string; errors?: string[]; fields?: Record<string, string> }) => [body.detail, ...(body.errors ?? []), ...Object.values(body.fields ?? {})];

describe('a refused form reads as sentences with the labels', () => {
  it('an item saved without a title, with a price in fractions of a cent and a case quantity as text', async () => {
    const body = await editorBody('11001');
    const res = await adminCall(t, owner, { method: 'PUT', url: '/Items/11001', payload: { ...body, web_Title: undefined, price: 1.234, caseQty: 'ten' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      web_Title: 'Title is required.',
      price: 'Give the price in dollars with at most 2 decimals',
      caseQty: 'Case quantity must be a whole number.',
    });
    expect(res.body.detail).toBe('Title is required. Give the price in dollars with at most 2 decimals. Case quantity must be a whole number.');
    for (const m of messagesOf(res.body)) expect(codeNamesIn(m, Object.keys(body)), m).toEqual([]);
  });

  it('a stock adjustment with nothing to adjust, and one with a count as text', async () => {
    const nothing = await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11001', warehouse: 'west', reason: 'count' } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.detail).toBe('Enter the units to add or remove, or the units counted on hand.');
    const text = await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11001', warehouse: 'north', reason: 'count', setTo: 'ten' } });
    expect(text.status).toBe(400);
    expect(text.body.fields).toEqual({ warehouse: 'Warehouse must be one of west or east.', setTo: 'Units counted on hand must be a whole number.' });
    const zero = await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11001', warehouse: 'west', reason: 'count', delta: 0 } });
    expect(zero.body.fields).toEqual({ delta: 'Units to add or remove cannot be 0.' });
  });

  it('a list row names its row; the query string its filter; a missing body says so', async () => {
    const list = await adminCall(t, owner, { method: 'GET', url: '/Orders?pageSize=0' });
    expect(list.status).toBe(400);
    expect(list.body.fields).toEqual({ pageSize: 'Rows per page must be at least 1.' });
    const photos = await adminCall(t, owner, { method: 'PUT', url: '/Items/11001/Photos/Order', payload: { photoIds: [1, 'x'] } });
    expect(photos.status).toBe(400);
    expect(photos.body.fields).toEqual({ 'photoIds.1': 'Entry 2 of Photos in order must be a whole number.' });
    const empty = await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Nothing was sent: fill in the form and send it again.');
  });
});

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every field path of a schema (list entries as 0), each once. */
function fieldPaths(schema: z.ZodType, at: (string | number)[] = [], seen = new Set<z.ZodType>()): (string | number)[][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const out: (string | number)[][] = [];
  if (def.shape) for (const [k, v] of Object.entries(def.shape)) out.push([...at, k], ...fieldPaths(v, [...at, k], seen));
  if (def.element) out.push(...fieldPaths(def.element, [...at, 0], seen));
  for (const s of [def.innerType, def.in, def.left, def.right, def.valueType, ...(def.options ?? [])]) if (s) out.push(...fieldPaths(s, at, seen));
  return out;
}

describe('every field a route takes has a label', () => {
  it('in the body, the query string and the address, for every route of the API', () => {
    expect(routes.length).toBeGreaterThan(100);
    const unlabelled = new Set<string>();
    for (const r of routes) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = (r.schema as Record<string, unknown> | undefined)?.[part] as z.ZodType | undefined;
        if (!schema || !('_zod' in schema)) continue;
        for (const path of fieldPaths(schema)) {
          const place = placeOf(schema, path);
          if (!place.known) unlabelled.add(`${r.method} ${r.url} ${part}: ${path.join('.')}`);
        }
      }
    }
    expect([...unlabelled]).toEqual([]);
  });
});
