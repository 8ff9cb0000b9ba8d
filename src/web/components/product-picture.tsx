import type { CSSProperties, ImgHTMLAttributes } from 'react';
import { photoSources } from '../../contract/photos';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'>;

export interface ProductPictureProps extends ImgProps {
  /** The item's `picture`: a real photo's address (/img/…) or the generated drawing's. */
  src: string;
  /** The CSS size it is shown at (a square box); real photos pick their variant from it. */
  size: number;
  /** Whether the box may grow past `size` (the detail page's picture fills its column). */
  sizes?: string;
}

const FILL: CSSProperties = { objectFit: 'contain' };

/**
 * An item's picture: a real photo as `<picture>` with AVIF and WebP sources and a JPEG fallback,
 * each in the boxes the server made (decision 0019), or the generated drawing as a plain `<img>`.
 * The `<picture>` box is `display: contents`, so the `<img>` is laid out exactly as before.
 */
export function ProductPicture({ src, size, sizes, style, ...img }: ProductPictureProps) {
  const photo = photoSources(src, size);
  const box = { width: size, height: size, style: { ...FILL, ...style } };
  if (!photo) return <img src={src} {...box} {...img} />;
  const media = sizes ?? `${size}px`;
  return (
    <picture style={{ display: 'contents' }}>
      {photo.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={media} />
      ))}
      <img src={photo.src} srcSet={photo.jpegSrcSet} sizes={media} {...box} {...img} />
    </picture>
  );
}
