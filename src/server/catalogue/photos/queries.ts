import type { Kysely } from 'kysely';
import type { PhotoFormat } from '../../../contract/photos';
import type { DB } from '../../platform/db/schema';
import type { PhotoVariant } from './processing';

/** The only place the photos module touches Kysely. Functions take `db` (or a transaction) first. */

export type Db = Kysely<DB>;

export interface ItemPhotoRow {
  id: number;
  hash: string;
  alt: string;
  position: number;
  width: number;
  height: number;
  largest: number;
}

/** An item's photos in order; `position` counts from 0 whatever gaps deletions left. */
export async function itemPhotos(db: Db, itemId: number): Promise<ItemPhotoRow[]> {
  const rows = await db
    .selectFrom('item_photos as ip')
    .innerJoin('photos as p', 'p.hash', 'ip.hash')
    .select(['ip.id', 'ip.hash', 'ip.alt', 'ip.position', 'p.width', 'p.height', 'p.largest'])
    .where('ip.item_id', '=', itemId)
    .orderBy('ip.position')
    .orderBy('ip.id')
    .execute();
  return rows.map((r, position) => ({ ...r, position }));
}

export async function findPhoto(db: Db, hash: string) {
  return db.selectFrom('photos').select(['hash', 'width', 'height', 'largest']).where('hash', '=', hash).executeTakeFirst();
}

/** Stores a photo and its variants; one already there (the same file uploaded before) is kept as is. */
export async function insertPhoto(db: Db, photo: { hash: string; width: number; height: number; largest: number }, variants: readonly PhotoVariant[]): Promise<void> {
  await db
    .insertInto('photos')
    .values({ ...photo, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  // One statement per variant: a 1280-pixel JPEG alone can be a few hundred kilobytes.
  for (const v of variants) {
    await db
      .insertInto('photo_variants')
      .values({ hash: photo.hash, box: v.box, format: v.format, bytes: v.bytes })
      .onConflict((oc) => oc.columns(['hash', 'box', 'format']).doNothing())
      .execute();
  }
}

export async function insertItemPhoto(db: Db, itemId: number, hash: string, alt: string, position: number): Promise<number> {
  const row = await db
    .insertInto('item_photos')
    .values({ item_id: itemId, hash, alt, position, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteItemPhoto(db: Db, itemId: number, photoId: number): Promise<void> {
  await db.deleteFrom('item_photos').where('id', '=', photoId).where('item_id', '=', itemId).execute();
}

export async function setPhotoAlt(db: Db, photoId: number, alt: string): Promise<void> {
  await db.updateTable('item_photos').set({ alt }).where('id', '=', photoId).execute();
}

export async function setPhotoPositions(db: Db, itemId: number, photoIds: readonly number[]): Promise<void> {
  for (const [position, id] of photoIds.entries()) {
    await db.updateTable('item_photos').set({ position }).where('id', '=', id).where('item_id', '=', itemId).execute();
  }
}

/** Removes a photo no item shows any more, with its variants. */
export async function deletePhotoIfUnused(db: Db, hash: string): Promise<void> {
  await db
    .deleteFrom('photos')
    .where('hash', '=', hash)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('item_photos').select('id').where('hash', '=', hash))))
    .execute();
}

export async function variantBytes(db: Db, hash: string, box: number, format: PhotoFormat): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('photo_variants')
    .select('bytes')
    .where('hash', '=', hash)
    .where('box', '=', box)
    .where('format', '=', format)
    .executeTakeFirst();
  return row?.bytes;
}
