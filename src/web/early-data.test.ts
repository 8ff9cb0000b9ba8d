import { describe, expect, it } from 'vitest';
import { photoSources, photoUrl } from '../contract/photos';
import { DETAIL_PICTURE } from './components/picture-preload';
import { orderGridCalls, photoPreload } from './early-data';
import { gridPath } from './features/catalogue/api';

/**
 * The early data script cannot import (it is one small file), so it repeats how the detail page
 * picks a photo's variant; if the two differed, a phone would download the item's photo twice.
 */
describe("the early data script's photo preload", () => {
  const hash = '0123456789abcdef0123456789abcdef';

  it('asks for the AVIF srcset and sizes the detail page shows', () => {
    for (const largest of [1280, 900, 500, 160]) {
      const picture = photoUrl(hash, largest);
      const page = photoSources(picture, DETAIL_PICTURE.size)!.sources[0]!;
      expect(photoPreload(picture)).toEqual({ type: page.type, srcset: page.srcSet, sizes: DETAIL_PICTURE.sizes });
    }
  });

  it('leaves a generated picture to its own address', () => {
    expect(photoPreload('/images/items/11001?v=1')).toBeNull();
    expect(photoPreload(`/img/${hash}-1280.webp`)).toBeNull();
  });
});

/** The grid page's first load: the script starts the very calls the page makes, or the page would ask twice. */
describe("the early data script's order grid calls", () => {
  it('starts the grid the page asks for, with its colour family, and the breadcrumb', () => {
    expect(orderGridCalls('/order-grid/1', '')).toEqual([gridPath(1, ''), '/Categories/GetCategoryInfo?categoryNum=1', '/Categories/GetMainCategories']);
    expect(orderGridCalls('/order-grid/27', '?group=Pastel+%26+Soft')?.[0]).toBe(gridPath(27, 'Pastel & Soft'));
  });

  it('starts nothing for other pages or a malformed category', () => {
    for (const path of ['/order-grid/', '/order-grid/0', '/order-grid/abc', '/order-grid/1/x', '/products']) expect(orderGridCalls(path, '')).toBeNull();
  });
});
