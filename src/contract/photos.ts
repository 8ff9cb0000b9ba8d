/**
 * Real product photos as the storefront and the server both see them (DESIGN.md §5, decision
 * 0019). A photo is served at `/img/{hash}-{box}.{format}`: the variant that fits a square box
 * of `box` pixels. An item with a photo has `picture` = the address of its first photo's biggest
 * JPEG, so the listing's JSON grows by a few characters and the storefront derives every other
 * variant from that one address.
 */

/** The boxes every photo is made in (none larger than the original). */
export const PHOTO_BOXES = [160, 320, 640, 1280] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_MIME: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** A photo's hash: 32 lowercase hex digits (the first 128 bits of the upload's SHA-256). */
export const PHOTO_HASH = /^[0-9a-f]{32}$/;

const PHOTO_URL = /^\/img\/([0-9a-f]{32})-(\d{1,4})\.(avif|webp|jpg)$/;

/** The boxes of a photo whose biggest variant has box `largest`. */
export function photoBoxes(largest: number): number[] {
  return [...PHOTO_BOXES.filter((b) => b < largest), largest];
}

export function photoUrl(hash: string, box: number, format: PhotoFormat = 'jpg'): string {
  return `/img/${hash}-${box}.${format}`;
}

/** The hash, box and format of a photo address, or null for any other picture (a generated one). */
export function parsePhotoUrl(url: string): { hash: string; box: number; format: PhotoFormat } | null {
  const m = PHOTO_URL.exec(url);
  return m ? { hash: m[1]!, box: Number(m[2]), format: m[3] as PhotoFormat } : null;
}

export interface PhotoSources {
  /** `srcset` per format, best first (AVIF, WebP), for `<source>`; the JPEG one for the `<img>`. */
  sources: { type: string; srcSet: string }[];
  jpegSrcSet: string;
  /** The JPEG in the box nearest above `displayPx` (the `<img src>` of browsers without srcset). */
  src: string;
}

/**
 * The `<picture>` sources of a photo address (null for a generated picture). `displayPx` is
 * the CSS size it is shown at; the smallest variant at least twice that is the fallback src.
 */
export function photoSources(picture: string, displayPx: number): PhotoSources | null {
  const photo = parsePhotoUrl(picture);
  if (!photo) return null;
  const boxes = photoBoxes(photo.box);
  const set = (format: PhotoFormat) => boxes.map((b) => `${photoUrl(photo.hash, b, format)} ${b}w`).join(', ');
  const fallback = boxes.find((b) => b >= displayPx * 2) ?? photo.box;
  return {
    sources: [
      { type: PHOTO_MIME.avif, srcSet: set('avif') },
      { type: PHOTO_MIME.webp, srcSet: set('webp') },
    ],
    jpegSrcSet: set('jpg'),
    src: photoUrl(photo.hash, fallback, 'jpg'),
  };
}
