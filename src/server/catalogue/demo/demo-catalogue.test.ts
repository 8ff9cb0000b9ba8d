import { describe, expect, it } from 'vitest';
import { isValidUpc } from '../upc';
import { buildDemoCatalogue } from './seed';

const demo = buildDemoCatalogue();

describe('demo catalogue', () => {
  it('is the same on every build (seeded, no Math.random)', () => {
    expect(JSON.stringify(buildDemoCatalogue())).toBe(JSON.stringify(demo));
  });

  it('has at least 1,100 items with unique numbers, codes and valid UPCs', () => {
    expect(demo.items.length).toBeGreaterThanOrEqual(1100);
    expect(new Set(demo.items.map((i) => i.num)).size).toBe(demo.items.length);
    expect(new Set(demo.items.map((i) => i.code)).size).toBe(demo.items.length);
    expect(demo.items.every((i) => isValidUpc(i.upc) && /^\d+$/.test(i.num))).toBe(true);
  });

  it('prices every item below its SRP and files it under a leaf category', () => {
    const leaves = new Set(demo.categories.filter((c) => c.kind === 'tree' && c.num !== 1).map((c) => c.num));
    for (const i of demo.items) {
      expect(i.srpCents).toBeGreaterThan(i.priceCents);
      expect(leaves.has(i.categoryNum)).toBe(true);
    }
  });

  it('links facets by URL-safe slugs (sizes, dimensions and poscats by their value)', () => {
    const named = demo.items.flatMap((i) => i.facets).filter((f) => !['size', 'dimension', 'poscat'].includes(f.kind));
    expect(named.every((f) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(f.link))).toBe(true);
    expect(named).toContainEqual({ kind: 'message', name: "It's a Boy", link: 'its-a-boy' });
    expect(named).toContainEqual({ kind: 'event', name: "Valentine's Day", link: 'valentines-day' });
  });

  it('suggests 2 to 4 other items that exist', () => {
    const nums = new Set(demo.items.map((i) => i.num));
    for (const i of demo.items) {
      expect(i.suggestedNums.length).toBeGreaterThanOrEqual(2);
      expect(i.suggestedNums.length).toBeLessThanOrEqual(4);
      expect(i.suggestedNums.every((n) => nums.has(n) && n !== i.num)).toBe(true);
    }
  });

  it('offers the same latex product in ~40 colours through its colour group', () => {
    const group = demo.items.filter((i) => i.colorGroup === 'LX11-100');
    expect(group.length).toBeGreaterThanOrEqual(40);
    expect(group.map((i) => i.colorFamily)).toContain('Gold');
  });

  it('puts seasonal items in the Winter Catalogue and new ones in New Arrivals', () => {
    const byNum = new Map(demo.items.map((i) => [i.num, i]));
    const winter = demo.collections.get(901)!.map((n) => byNum.get(n)!);
    expect(winter.length).toBeGreaterThan(50);
    expect(winter.every((i) => i.facets.some((f) => f.kind === 'event' && ['christmas', 'winter', 'new-year', 'valentines-day', 'hanukkah'].includes(f.link)))).toBe(true);
    expect(demo.collections.get(900)!.every((n) => byNum.get(n)!.isNew)).toBe(true);
  });
});
