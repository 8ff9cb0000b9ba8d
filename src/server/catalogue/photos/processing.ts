import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../contract/admin/photos';
import { PHOTO_BOXES, PHOTO_FORMATS, type PhotoFormat, photoBoxes } from '../../../contract/photos';
import { Invalid } from '../../platform/errors';

/**
 * From an uploaded file to the variants the shop serves (decision 0019): the file is checked
 * from its own bytes (never its name or declared type), turned upright, stripped of every piece
 * of metadata (sharp writes none unless asked), and made into AVIF, WebP and JPEG in square
 * boxes of 160/320/640/1280 pixels, none larger than the original.
 */

export interface PhotoVariant {
  box: number;
  format: PhotoFormat;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  width: number;
  height: number;
  largest: number;
  variants: PhotoVariant[];
}

/** The photo's id: the first 128 bits of the file's SHA-256, so one file is stored once. */
export function photoHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/** Raster formats a photo may come in, as sharp names them; HEIC and AVIF are both HEIF. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

// Quality per format, chosen for product shots on a plain backdrop; AVIF's effort is kept low
// because its encoder is by far the slowest step (a 12-megapixel upload must be ready in 3 s).
const ENCODE: Record<PhotoFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 52, effort: 2 }),
  webp: (s) => s.webp({ quality: 78, effort: 2 }),
  jpg: (s) => s.jpeg({ quality: 80, progressive: true }),
};

/** What the checks say when they refuse a file (the catalogue's words, or a caller's own). */
export interface ImageMessages {
  notAnImage: string;
  svg: string;
  format: (format: string) => string;
  heicCodec: string;
  tooManyPixels: (megapixels: number) => string;
  unreadable: string;
}

/** Reads the header only: refuses what is not an accepted raster photo before decoding a pixel. */
async function checkHeader(bytes: Buffer, messages: ImageMessages): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new Invalid(messages.notAnImage);
  }
  if (meta.format === 'svg') throw new Invalid(messages.svg);
  if (!ACCEPTED.has(String(meta.format))) throw new Invalid(messages.format(String(meta.format)));
  if (meta.format === 'heif' && meta.compression === 'hevc' && !HEVC_READABLE) throw new Invalid(messages.heicCodec);
  const { width, height } = meta;
  if (!width || !height) throw new Invalid(messages.notAnImage);
  // A decompression bomb is refused from its header, before anything is decoded.
  if (width * height > PHOTO_LIMITS.maxPixels) throw new Invalid(messages.tooManyPixels((width * height) / 1_000_000));
  return meta;
}

/** sharp's prebuilt libvips reads AV1 HEIF (AVIF) but, for patent reasons, not HEVC (most iPhone HEIC). */
const HEVC_READABLE = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;

/**
 * Decodes the file once, upright and at most 1280 pixels, into raw pixels; every variant is made
 * from those. A truncated or corrupt file fails here (sharp stops at any decoder warning).
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const meta = await checkHeader(bytes, PHOTO_MESSAGES);
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height! : meta.width!;
  const height = upright ? meta.width! : meta.height!;
  const largest = Math.min(PHOTO_BOXES[PHOTO_BOXES.length - 1]!, Math.max(width, height));
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'truncated', sequentialRead: true })
      .rotate()
      .resize(largest, largest, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new Invalid(PHOTO_MESSAGES.unreadable);
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const jobs = photoBoxes(largest).flatMap((box) =>
    PHOTO_FORMATS.map(async (format): Promise<PhotoVariant> => {
      const sized = sharp(base.data, raw).resize(box, box, { fit: 'inside', withoutEnlargement: true });
      return { box, format, bytes: await ENCODE[format](sized).toBuffer() };
    }),
  );
  return { width, height, largest, variants: await Promise.all(jobs) };
}

/**
 * One upright JPEG of at most `box` pixels a side, checked as an item photo is checked and
 * stripped of every piece of metadata (GPS, camera, orientation: sharp writes none unless asked).
 * For photos that are kept once and shown as they are (a return's), not in every variant.
 */
export async function uprightJpeg(bytes: Buffer, box: number, messages: ImageMessages): Promise<{ width: number; height: number; bytes: Buffer }> {
  await checkHeader(bytes, messages);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'truncated', sequentialRead: true })
      .rotate()
      .resize(box, box, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .jpeg({ quality: 82, progressive: true })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, bytes: data };
  } catch {
    throw new Invalid(messages.unreadable);
  }
}
