import type { Generated } from 'kysely';

/** Product photos (migration 2026-11-25T21-10-photos). */
export interface PhotoTable {
  /** Content hash of the uploaded file (photos/processing.ts `photoHash`). */
  hash: string;
  /** The upright original's size. */
  width: number;
  height: number;
  /** The box of the biggest variant: 1280, or the original's longer side when smaller. */
  largest: number;
  created_at: string;
}

export interface PhotoVariantTable {
  hash: string;
  /** The square box the variant fits in (160, 320, 640, 1280 or `largest`). */
  box: number;
  format: 'avif' | 'webp' | 'jpg';
  bytes: Buffer;
}

export interface ItemPhotoTable {
  /** The photoId of the API. */
  id: Generated<number>;
  item_id: number;
  hash: string;
  alt: string;
  position: number;
  created_at: string;
}

declare module '../../platform/db/schema' {
  interface DB {
    photos: PhotoTable;
    photo_variants: PhotoVariantTable;
    item_photos: ItemPhotoTable;
  }
}
