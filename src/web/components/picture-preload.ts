import { photoSources } from '../../contract/photos';

/** How big the pages show their first pictures: the preload must ask for what the page's <picture> picks. */
export const CARD_PICTURE_PX = 300;
export const DETAIL_PICTURE = { size: 520, sizes: '(max-width: 48em) 300px, 520px' } as const;

const preloaded = new Set<string>();

/**
 * Starts loading a page's first picture as soon as the answer naming it is in, not after the
 * page has rendered it (its <img> then takes the same response). A real photo is preloaded as
 * the AVIF `srcset` its <picture> offers (browsers without AVIF skip it by its type).
 */
export function preloadProductPicture(src: string | undefined, size: number, sizes = `${size}px`): void {
  if (!src) return;
  const photo = photoSources(src, size);
  const key = photo ? photo.sources[0]!.srcSet : src;
  if (preloaded.has(key)) return;
  preloaded.add(key);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  if (photo) {
    link.type = photo.sources[0]!.type;
    link.imageSrcset = key;
    link.imageSizes = sizes;
  } else {
    link.href = src;
  }
  document.head.appendChild(link);
}
