import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductPicture } from './product-picture';

afterEach(cleanup);

const hash = 'a'.repeat(32);

describe('ProductPicture', () => {
  it('shows a real photo as <picture> with AVIF and WebP sources and a JPEG fallback in its boxes', () => {
    const { container } = render(<ProductPicture src={`/img/${hash}-1280.jpg`} alt="Red balloon" size={300} />);
    const sources = [...container.querySelectorAll('picture source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(`/img/${hash}-160.avif 160w, /img/${hash}-320.avif 320w, /img/${hash}-640.avif 640w, /img/${hash}-1280.avif 1280w`);
    const img = container.querySelector('picture img')!;
    // A 300-pixel box on a 2× screen: the 640 box.
    expect(img.getAttribute('src')).toBe(`/img/${hash}-640.jpg`);
    expect(img.getAttribute('sizes')).toBe('300px');
    expect(img.getAttribute('alt')).toBe('Red balloon');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '300']);
  });

  it('never offers a box larger than the photo was made in', () => {
    const { container } = render(<ProductPicture src={`/img/${hash}-900.jpg`} alt="" size={520} />);
    expect(container.querySelector('img')!.getAttribute('srcset')).toBe(`/img/${hash}-160.jpg 160w, /img/${hash}-320.jpg 320w, /img/${hash}-640.jpg 640w, /img/${hash}-900.jpg 900w`);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(`/img/${hash}-900.jpg`);
  });

  it('falls back to the generated picture as a plain <img>', () => {
    const { container } = render(<ProductPicture src="/images/items/11001?v=1" alt="" size={56} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/images/items/11001?v=1');
  });
});
