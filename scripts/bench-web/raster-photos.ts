/**
 * Real raster photos on every active item, for `npm run bench:web` (issue 18 measures Lighthouse and
 * the search paint "with real (raster) photos"; the demo data has only a handful). The shop's own
 * generated drawings of a few items are rendered to 1000-pixel JPEGs by sharp, as a studio photo
 * would arrive, and uploaded through the admin API as the demo owner, one to each active item in
 * turn. A photo the shop already stores is not processed again (photos are kept by content hash),
 * so a few distinct photos cover the whole demo catalogue in seconds.
 */
import sharp from 'sharp';
import type { RunningShop } from '../../e2e/support/shop';
import { DEMO_OWNER } from '../../e2e/support/admin';

const DISTINCT = 12;
const PAGE = 200;

async function signIn(shop: RunningShop): Promise<Record<string, string>> {
  const res = await fetch(`${shop.url}/beapi/Admin/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_OWNER) });
  if (!res.ok) throw new Error(`staff login failed: ${res.status}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, 'x-csrf-token': csrfToken };
}

async function activeItems(shop: RunningShop, auth: Record<string, string>): Promise<{ num: string; title: string; photoCount: number }[]> {
  const all: { num: string; title: string; photoCount: number }[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${shop.url}/beapi/Admin/Items?status=active&pageSize=${PAGE}&page=${page}`, { headers: auth });
    if (!res.ok) throw new Error(`items list: ${res.status}`);
    const body = (await res.json()) as { items: { num: string; web_Title: string; photoCount: number }[]; total: number };
    all.push(...body.items.map((i) => ({ num: i.num, title: i.web_Title, photoCount: i.photoCount })));
    if (page * PAGE >= body.total) return all;
  }
}

/** Gives each active item without a photo one of a few real JPEGs; answers how many it gave. */
export async function giveEveryItemAPhoto(shop: RunningShop): Promise<number> {
  const auth = await signIn(shop);
  const items = (await activeItems(shop, auth)).filter((i) => i.photoCount === 0);
  const step = Math.max(1, Math.floor(items.length / DISTINCT));
  const photos: Buffer[] = [];
  for (let i = 0; i < items.length && photos.length < DISTINCT; i += step) {
    const svg = Buffer.from(await (await fetch(`${shop.url}/images/items/${encodeURIComponent(items[i]!.num)}`)).arrayBuffer());
    photos.push(await sharp(svg, { density: 180 }).resize(1000, 1000).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer());
  }
  for (const [i, item] of items.entries()) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photos[i % photos.length]!)], { type: 'image/jpeg' }), `${item.num}.jpg`);
    form.append('alt', item.title);
    const res = await fetch(`${shop.url}/beapi/Admin/Items/${encodeURIComponent(item.num)}/Photos`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 201) throw new Error(`photo for ${item.num}: ${res.status} ${await res.text()}`);
  }
  return items.length;
}
