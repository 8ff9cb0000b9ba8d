import { useState } from 'react';

/** A product line's logo; hidden when the image fails to load (spec: broken logos hidden). */
export function ItemLogo({ src, height = 20 }: { src: string; height?: number }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return null;
  return <img src={src} alt="" height={height} style={{ height, width: 'auto' }} onError={() => setBroken(true)} loading="lazy" />;
}
