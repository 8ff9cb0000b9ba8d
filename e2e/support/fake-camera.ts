import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

/**
 * A camera for headless Chromium: real UPC-A barcodes drawn by bwip-js, written as a Y4M video
 * that Chromium plays as the webcam (`--use-file-for-fake-video-capture`), each code held in
 * front of the "camera" for two seconds, in turn, looping.
 */
const W = 640;
const H = 480;
const FPS = 5;
const FRAMES_PER_CODE = 10;

export async function barcodeVideo(dir: string, upcs: readonly string[]): Promise<string> {
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  // No colour: both chroma planes at their middle value.
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const parts: Buffer[] = [header];
  for (const upc of upcs) {
    const png = await bwipjs.toBuffer({ bcid: 'upca', text: upc, scale: 3, height: 10, includetext: false, paddingwidth: 10, paddingheight: 10 });
    const { data, info } = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
      .composite([{ input: png, gravity: 'center' }])
      .flatten({ background: '#ffffff' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const luma = info.channels === 1 ? data : Buffer.from(Array.from({ length: W * H }, (_, i) => data[i * info.channels]!));
    for (let f = 0; f < FRAMES_PER_CODE; f++) parts.push(Buffer.from('FRAME\n'), luma, chroma);
  }
  const file = join(dir, 'barcodes.y4m');
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** Chromium's switches for a camera that plays `video`, allowed without asking. */
export const fakeCameraArgs = (video: string) => ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];

/**
 * Chromium on Linux has no BarcodeDetector (the Shape Detection API ships on Android, ChromeOS and
 * macOS only), so the scanner would not offer the camera. This stands in for the browser's part
 * alone: it reads the video frame the app hands it, pixel by pixel, and decodes a UPC-A from the
 * middle row (bar widths in modules, check digit checked). The app's scanner, the camera stream
 * and the barcodes are the real ones. Runs in the page (addInitScript), so it is self-contained.
 */
export function installUpcDetector(): void {
  if ('BarcodeDetector' in window) return;
  const WIDTHS = ['3211', '2221', '2122', '1411', '1132', '1231', '1114', '1312', '1213', '3112'];
  class UpcDetector {
    static async getSupportedFormats() {
      return ['upc_a'];
    }
    async detect(source: HTMLVideoElement): Promise<{ rawValue: string; format: string }[]> {
      const w = source.videoWidth;
      const h = source.videoHeight;
      if (!w || !h) return [];
      const canvas = new OffscreenCanvas(w, h);
      const g = canvas.getContext('2d', { willReadFrequently: true })!;
      g.drawImage(source, 0, 0);
      const px = g.getImageData(0, Math.floor(h / 2), w, 1).data;
      const dark = Array.from({ length: w }, (_, x) => px[x * 4]! < 128);
      let x = dark.indexOf(true);
      if (x < 0) return [];
      // Widths of alternating bars and spaces, from the first bar.
      const runs: number[] = [];
      let current = true;
      let n = 0;
      for (; x < w; x++) {
        if (dark[x] === current) n++;
        else {
          runs.push(n);
          current = dark[x]!;
          n = 1;
        }
      }
      runs.push(n);
      // Guard (3), six digits (4 each), middle guard (5), six digits, guard (3): 59 runs over 95 modules.
      if (runs.length < 59) return [];
      const r = runs.slice(0, 59);
      const moduleWidth = r.reduce((a, b) => a + b, 0) / 95;
      const digits: number[] = [];
      for (const start of [3, 32]) {
        for (let d = 0; d < 6; d++) {
          const key = r.slice(start + d * 4, start + d * 4 + 4).map((v) => Math.max(1, Math.round(v / moduleWidth))).join('');
          const digit = WIDTHS.indexOf(key);
          if (digit < 0) return [];
          digits.push(digit);
        }
      }
      const sum = digits.slice(0, 11).reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
      if ((10 - (sum % 10)) % 10 !== digits[11]) return [];
      return [{ rawValue: digits.join(''), format: 'upc_a' }];
    }
  }
  (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = UpcDetector;
}
