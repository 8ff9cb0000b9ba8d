import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FacetKind } from './tables';
import { FACET_KINDS, FacetTable, NO_DISTINCTS } from './facet-table';

/** 300 items with 0–4 values each, drawn from 40 values over every kind; names need escaping. */
function table(): { facets: FacetTable; n: number } {
  const values = Array.from({ length: 40 }, (_, v) => ({ kind: FACET_KINDS[v % FACET_KINDS.length]! as FacetKind, link: `v${v}`, name: v % 7 === 0 ? `Name "${v}" \\ é` : `Name ${39 - v}` }));
  const n = 300;
  const pos: number[] = [];
  const value: number[] = [];
  for (let p = 0; p < n; p++) {
    for (let k = 0; k < (p * 7) % 5; k++) {
      pos.push(p);
      value.push((p * 13 + k * 11) % 40);
    }
  }
  // Rows in no particular order of position.
  const order = pos.map((_, i) => i).sort((a, b) => ((a * 31) % 97) - ((b * 31) % 97));
  const pairs = { pos: Uint32Array.from(order, (i) => pos[i]!), value: Uint32Array.from(order, (i) => value[i]!), length: order.length };
  return { facets: new FacetTable(n, values, pairs), n };
}

const { facets, n } = table();

describe('FacetTable', () => {
  it('answers the same empty lists for a search that found nothing as for counts that are all zero', () => {
    const none = facets.lists(new Uint32Array(facets.size));
    expect(NO_DISTINCTS.json).toBe(none.json);
    expect(Object.values(NO_DISTINCTS.lists).every((l) => Array.isArray(l) && l.length === 0)).toBe(true);
  });

  it('counts the values of the items whose bit is set in a range as counting their positions does', () => {
    fc.assert(
      fc.property(
        // Densities from empty to full, so runs of full words and complements both occur.
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: n }),
        fc.integer({ min: 0, max: n }),
        fc.boolean(),
        fc.integer(),
        (density, a, b, whole, seed) => {
          const [lo, hi] = whole ? [0, n] : [Math.min(a, b), Math.max(a, b)];
          let s = seed;
          const bits = new Uint32Array((n + 31) >>> 5);
          const positions: number[] = [];
          for (let p = 0; p < n; p++) {
            s = (Math.imul(s, 1103515245) + 12345) | 0;
            if (((s >>> 8) & 0xffff) / 0x10000 < density) {
              bits[p >>> 5]! |= 1 << (p & 31);
              if (p >= lo && p < hi) positions.push(p);
            }
          }
          const fast = new Uint32Array(facets.size);
          facets.countBits(fast, bits, lo, hi);
          const plain = new Uint32Array(facets.size);
          facets.count(plain, positions);
          expect([...fast]).toEqual([...plain]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the distinct lists as JSON.stringify writes them', () => {
    const counts = new Uint32Array(facets.size);
    facets.count(counts, Array.from({ length: n }, (_, p) => p).filter((p) => p % 3 !== 0));
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const present = (kind: FacetKind, by: 'name' | 'link') =>
      Array.from({ length: facets.size }, (_, id) => id)
        .filter((id) => facets.kind[id] === kind && counts[id]! > 0)
        .sort((a, b) => collator.compare(facets[by][a]!, facets[by][b]!) || (facets.link[a]! < facets.link[b]! ? -1 : 1));
    const named = (kind: FacetKind) => present(kind, 'name').map((id) => ({ name: facets.name[id]!, link: facets.link[id]!, count: counts[id]! }));
    const expected = {
      distinctEvents: named('event'),
      distinctMessages: named('message'),
      distinctThemes: named('theme'),
      distinctShapes: named('shape'),
      distinctColors: named('color'),
      distinctSizes: present('size', 'link').map((id) => facets.link[id]!),
      distinctPoscats: present('poscat', 'name').map((id) => ({ poscatNum: facets.link[id]!, poscatName: facets.name[id]!, count: counts[id]! })),
      distinctDimensions: present('dimension', 'link').map((id) => facets.link[id]!),
    };
    const distincts = facets.lists(counts);
    expect(`{${distincts.json}}`).toBe(JSON.stringify(expected));
    expect(distincts.lists).toEqual(expected);
    expect(expected.distinctColors.length).toBeGreaterThan(1);
  });
});
