import sharp from 'sharp';
import { balloonColour } from '../pictures/colours';

/** Real images made with sharp for the photo tests: no fixtures on disk, nothing mocked. */

/** A studio-like photo: a drawn balloon over sensor-like noise, so encoders have real work. */
export async function cameraJpeg(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const r = Math.round(Math.min(width, height) * 0.35);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#eef2f6"/>` +
    `<ellipse cx="${width / 2}" cy="${height * 0.45}" rx="${r}" ry="${r * 1.15}" fill="${balloonColour('Royal Blue').hex}"/>` +
    `<ellipse cx="${width / 2 - r / 3}" cy="${height * 0.45 - r / 2}" rx="${r / 6}" ry="${r / 4}" fill="#ffffff" fill-opacity="0.5"/></svg>`;
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: options.orientation ?? 1 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Studio 12', Copyright: 'Skyline Studio' } })
    .toBuffer();
}

/** A flat PNG of `width`×`height`: a few kilobytes that decode to many megapixels (a decompression bomb). */
export async function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).png({ compressionLevel: 9 }).toBuffer();
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shopTestBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
