import { z } from 'zod';
import { DB_INT_MAX } from '../ids';
import { singleLine } from '../text';
import { itemPhotoSchema } from './items';

/** An item's photos in the back office (DESIGN.md §5 "Catalogue and content management", decision 0019). */

export const PHOTO_LIMITS = {
  /** The upload's own body limit (the global one is 1 MiB). */
  maxBytes: 25 * 1024 * 1024,
  maxPixels: 50_000_000,
  altMax: 300,
  perItem: 20,
} as const;

/** What the upload accepts, as people name the formats. */
export const PHOTO_ACCEPTED = 'JPEG, PNG, WebP, AVIF or HEIC';

export const PHOTO_MESSAGES = {
  itemNotFound: (num: string) => `Item ${num} not found`,
  photoNotFound: (id: number) => `Photo ${id} not found`,
  notMultipart: 'Send the photo as multipart/form-data with the file in the part "file"',
  noFile: 'Choose a photo to upload (the part "file")',
  tooLarge: `The photo is larger than ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooManyPixels: (megapixels: number) =>
    `The photo has ${megapixels.toFixed(1)} megapixels; at most ${PHOTO_LIMITS.maxPixels / 1_000_000} are accepted`,
  notAnImage: `The file is not a photo: upload a ${PHOTO_ACCEPTED} image`,
  svg: `SVG drawings are not accepted as photos: upload a ${PHOTO_ACCEPTED} image`,
  format: (format: string) => `${format.toUpperCase()} files are not accepted: upload a ${PHOTO_ACCEPTED} image`,
  heicCodec: 'This HEIC photo cannot be read here (its HEVC coding is not supported): export it as JPEG and upload that',
  unreadable: `The photo is damaged or incomplete and cannot be read: upload a complete ${PHOTO_ACCEPTED} image`,
  duplicate: (num: string) => `This photo is already on item ${num}`,
  tooMany: (num: string) => `Item ${num} has ${PHOTO_LIMITS.perItem} photos already: delete one first`,
  orderMismatch: 'Give every photo of the item exactly once, in the new order',
} as const;

export const itemNumParam = z.object({ num: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown item number') });
export const itemPhotoParams = itemNumParam.extend({ photoId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const photoSchema = itemPhotoSchema.extend({
  /** The biggest JPEG variant: what the item's `picture` is while this photo is first. */
  url: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;
export const photoListSchema = z.array(photoSchema);

export const photoAltBody = z.object({ alt: singleLine(PHOTO_LIMITS.altMax) });
export const photoOrderBody = z.object({
  photoIds: z.array(z.number().int().min(1).max(DB_INT_MAX)).min(1).max(PHOTO_LIMITS.perItem),
});
