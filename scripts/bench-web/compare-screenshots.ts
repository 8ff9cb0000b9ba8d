/**
 * Compares two directories of screenshots from screenshots.ts, file by file, pixel by pixel (in
 * Chromium, no image library needed): "identical", the count and rows of differing pixels, or the
 * two sizes. Usage: node --import tsx scripts/bench-web/compare-screenshots.ts BEFORE_DIR AFTER_DIR
 */
import { readdirSync, readFileSync } from 'node:fs';
import { launchBrowser } from '../../e2e/support/shop';
const [before, after] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: compare-screenshots.ts BEFORE_DIR AFTER_DIR');
const browser = await launchBrowser();
const page = await browser.newPage();
for (const f of readdirSync(before)) {
  const a = readFileSync(`${before}/${f}`).toString('base64');
  const b = readFileSync(`${after}/${f}`).toString('base64');
  const r = await page.evaluate(`(async () => {
    const load = (s) => new Promise((res) => { const i = new Image(); i.onload = () => res(i); i.src = 'data:image/png;base64,' + s; });
    const [x, y] = await Promise.all([load('${a}'), load('${b}')]);
    if (x.width !== y.width || x.height !== y.height) return 'size ' + x.width + 'x' + x.height + ' vs ' + y.width + 'x' + y.height;
    const px = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height; const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
    const p = px(x), q = px(y); let n = 0, minY = 1e9, maxY = -1;
    for (let i = 0; i < p.length; i += 4) if (p[i] !== q[i] || p[i+1] !== q[i+1] || p[i+2] !== q[i+2]) { n++; const yy = Math.floor(i / 4 / x.width); minY = Math.min(minY, yy); maxY = Math.max(maxY, yy); }
    return n ? n + ' px differ, rows ' + minY + '-' + maxY : 'identical';
  })()`);
  console.log(f, r);
}
await browser.close();
