import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Actor } from '../../platform/audit/audit';
import { type PictureFacts, pictureFactsFor } from '../pictures/facts';
import { itemPictureSvg } from '../pictures/item-svg';
import { CatalogueService } from '../service';
import { dialectOpsFor } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { PhotoService } from './service';

/**
 * A handful of real raster photos in the demo data (issue 18), so a fresh shop exercises the photo
 * path: some items' generated drawings are rendered to 1000-pixel JPEGs by sharp and added
 * through the same service as an upload (checks, variants, the item's picture, the audit row).
 * Idempotent: a shop that has any photo is left alone.
 */

const SEED_ACTOR: Actor = { label: 'system:demo-data', display: 'Shop', ip: '' };
const RENDER_PX = 1000;

/** Which items get a photo: a couple of latex and foil balloons, a number and a bubble. */
const WANTED: [kind: (f: PictureFacts) => boolean, count: number][] = [
  [(f) => !f.isFoil && !f.isBubble && f.shape === 'round', 2],
  [(f) => f.isFoil && f.shape !== 'number', 2],
  [(f) => f.shape === 'number', 1],
  [(f) => f.isBubble, 1],
];

export async function seedDemoPhotos(db: Kysely<DB>): Promise<number> {
  if (await db.selectFrom('item_photos').select('id').limit(1).executeTakeFirst()) return 0;
  const ops = dialectOpsFor(db);
  const catalogue = new CatalogueService(db, ops);
  await catalogue.refresh();
  const index = catalogue.current();
  const items = [...index.byNum.values()].sort((a, b) => a.num.localeCompare(b.num)).map((item) => ({ item, facts: pictureFactsFor(item, index) }));
  const chosen = WANTED.flatMap(([kind, count]) => items.filter((i) => kind(i.facts)).slice(0, count));
  const photos = new PhotoService(db, ops.forUpdate);
  for (const { item, facts } of chosen) {
    const svg = itemPictureSvg(facts);
    const jpeg = await sharp(Buffer.from(svg), { density: (72 * RENDER_PX) / 400 })
      .resize(RENDER_PX, RENDER_PX)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    await photos.add(SEED_ACTOR, item.num, jpeg, item.title);
  }
  return chosen.length;
}
