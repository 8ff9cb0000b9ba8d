import { describe, expect, it } from 'vitest';
import { readListing, sortParam, writeListing } from './listing-state';

describe('listing state in the URL', () => {
  it('reads defaults: page 1, size 20, the listing’s own sort, grid', () => {
    const s = readListing(new URLSearchParams('categoryNum=11'));
    expect(s).toMatchObject({ categoryNum: 11, page: 1, pageSize: 20, sort: '', view: 'grid', search: '' });
    expect(s.filters.color).toEqual([]);
  });

  it('turns the menu links message/theme/event into filters', () => {
    const s = readListing(new URLSearchParams('categoryNum=3&message=all&event=birthday'));
    expect(s.filters.messages).toEqual(['all']);
    expect(s.filters.events).toEqual(['birthday']);
  });

  it('round-trips repeated filters, page, size, sort and view', () => {
    const url = 'categoryNum=11&color=red&color=blue&sort=title&pageSize=40&page=3&view=list';
    const s = readListing(new URLSearchParams(url));
    expect(writeListing(s).toString()).toBe(url);
  });

  it('ignores nonsense values', () => {
    const s = readListing(new URLSearchParams('categoryNum=x&page=-2&pageSize=5000&sort=price&view=huge'));
    expect(s).toMatchObject({ categoryNum: null, page: 1, pageSize: 20, sort: '', view: 'grid' });
  });

  it('asks for a collection’s curated order only where there is one', () => {
    expect(readListing(new URLSearchParams('categoryNum=900&sort=position')).sort).toBe('position');
    expect(sortParam('position', true, '')).toBe('position');
    expect(sortParam('position', false, '')).toBeUndefined();
    expect(sortParam('position', true, 'heart')).toBeUndefined();
    expect(sortParam('', true, '')).toBeUndefined();
    expect(sortParam('title', false, '')).toBe('title');
  });
});
