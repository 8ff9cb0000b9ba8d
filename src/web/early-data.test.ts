import { describe, expect, it } from 'vitest';
import { photoSources, photoUrl } from '../contract/photos';
import { DETAIL_PICTURE } from './components/picture-preload';
import { photoPreload } from './early-data';

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
