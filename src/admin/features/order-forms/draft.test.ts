import { describe, expect, it } from 'vitest';
import { draftOf, hasItem, moved, pagesBody } from './draft';

const form = {
  masterId: 'W', title: 'W', subtitle: '', active: true, opensAt: null, closesAt: null, version: 3,
  pages: [{ id: 1, title: 'One', sections: [{ id: 10, title: 'Latex', items: [{ itemNum: '11001', title: 'Red', available: true }] }] }],
};

describe('the order form draft', () => {
  it('round-trips a form to the body the server takes', () => {
    const draft = draftOf(form);
    expect(pagesBody(draft)).toEqual([{ id: 1, title: 'One', sections: [{ id: 10, title: 'Latex', items: ['11001'] }] }]);
    expect(hasItem(draft, '11001')).toBe(true);
    expect(hasItem(draft, '11002')).toBe(false);
  });

  it('moves an element up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
