import type { Kysely } from 'kysely';
import { type Photo, PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../contract/admin/photos';
import type { ItemPhoto } from '../../../contract/admin/items';
import { photoUrl } from '../../../contract/photos';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { generatedPicture, lockItemForPictures, setItemPicture } from '../item-picture';
import { writeTransaction } from '../../platform/db/database';
import type { DB } from '../../platform/db/schema';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import { photoHash, processPhoto } from './processing';
import * as q from './queries';

/**
 * An item's photos (DESIGN.md §5, decision 0019): add, delete, reorder, alt text. The slow part
 * of an upload (decoding and encoding twelve variants) runs before the transaction; the
 * transaction stores the bytes, the item's photo row and the audit row, and points the item's
 * picture at its first photo, so a change and its record commit together.
 */
export class PhotoService {
  constructor(
    private readonly db: Kysely<DB>,
    /** PostgreSQL locks the item's row for the change (SQLite's write transactions are serial). */
    private readonly forUpdate: boolean,
  ) {}

  async list(num: string): Promise<Photo[]> {
    const item = await lockItemForPictures(this.db, num, false);
    if (!item) throw new NotFound(PHOTO_MESSAGES.itemNotFound(num));
    return (await q.itemPhotos(this.db, item.id)).map(toPhoto);
  }

  async add(actor: Actor, num: string, file: Buffer, alt: string): Promise<Photo> {
    // An unknown item is refused before any work on the file.
    if (!(await lockItemForPictures(this.db, num, false))) throw new NotFound(PHOTO_MESSAGES.itemNotFound(num));
    const hash = photoHash(file);
    // The same file uploaded before (to this item or another) is not made again.
    const known = await q.findPhoto(this.db, hash);
    const processed = known ? null : await processPhoto(file);
    return writeTransaction(this.db, async (trx) => {
      const item = await this.lockedItem(trx, num);
      const photos = await q.itemPhotos(trx, item.id);
      if (photos.some((p) => p.hash === hash)) throw new Conflict(PHOTO_MESSAGES.duplicate(item.num));
      if (photos.length >= PHOTO_LIMITS.perItem) throw new Conflict(PHOTO_MESSAGES.tooMany(item.num));
      if (processed) await q.insertPhoto(trx, { hash, width: processed.width, height: processed.height, largest: processed.largest }, processed.variants);
      else if (!(await q.findPhoto(trx, hash))) throw new Conflict('The photo was removed while it was being added: upload it again');
      const position = photos.length === 0 ? 0 : photos[photos.length - 1]!.position + 1;
      const id = await q.insertItemPhoto(trx, item.id, hash, alt, position);
      const after = await q.itemPhotos(trx, item.id);
      await this.pointPicture(trx, item.id, item.num, after);
      const photo = toPhoto(after.find((p) => p.id === id)!);
      await recordAudit(trx, actor, {
        action: 'item.photo.add',
        target: `item:${item.num}`,
        summary: { photoId: id, hash, width: photo.width, height: photo.height, bytes: file.length, alt },
      });
      return photo;
    });
  }

  async remove(actor: Actor, num: string, photoId: number): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      const item = await this.lockedItem(trx, num);
      const photo = (await q.itemPhotos(trx, item.id)).find((p) => p.id === photoId);
      if (!photo) throw new NotFound(PHOTO_MESSAGES.photoNotFound(photoId));
      await q.deleteItemPhoto(trx, item.id, photoId);
      await q.deletePhotoIfUnused(trx, photo.hash);
      await this.pointPicture(trx, item.id, item.num, await q.itemPhotos(trx, item.id));
      await recordAudit(trx, actor, { action: 'item.photo.delete', target: `item:${item.num}`, summary: { photoId, hash: photo.hash, alt: photo.alt } });
    });
  }

  async reorder(actor: Actor, num: string, photoIds: readonly number[]): Promise<Photo[]> {
    return writeTransaction(this.db, async (trx) => {
      const item = await this.lockedItem(trx, num);
      const before = await q.itemPhotos(trx, item.id);
      const same = new Set(photoIds).size === photoIds.length && photoIds.length === before.length && before.every((p) => photoIds.includes(p.id));
      if (!same) throw new Invalid(PHOTO_MESSAGES.orderMismatch);
      await q.setPhotoPositions(trx, item.id, photoIds);
      const after = await q.itemPhotos(trx, item.id);
      await this.pointPicture(trx, item.id, item.num, after);
      await recordAudit(trx, actor, { action: 'item.photo.order', target: `item:${item.num}`, summary: { before: before.map((p) => p.id), after: after.map((p) => p.id) } });
      return after.map(toPhoto);
    });
  }

  async setAlt(actor: Actor, num: string, photoId: number, alt: string): Promise<Photo> {
    return writeTransaction(this.db, async (trx) => {
      const item = await this.lockedItem(trx, num);
      const photo = (await q.itemPhotos(trx, item.id)).find((p) => p.id === photoId);
      if (!photo) throw new NotFound(PHOTO_MESSAGES.photoNotFound(photoId));
      await q.setPhotoAlt(trx, photoId, alt);
      await recordAudit(trx, actor, { action: 'item.photo.alt', target: `item:${item.num}`, summary: { photoId, before: photo.alt, after: alt } });
      return toPhoto({ ...photo, alt });
    });
  }

  private async lockedItem(trx: Kysely<DB>, num: string) {
    const item = await lockItemForPictures(trx, num, this.forUpdate);
    if (!item) throw new NotFound(PHOTO_MESSAGES.itemNotFound(num));
    return item;
  }

  /** The item's picture follows its first photo, or goes back to the drawing when none is left. */
  private async pointPicture(trx: Kysely<DB>, itemId: number, num: string, photos: readonly q.ItemPhotoRow[]): Promise<void> {
    const first = photos[0];
    await setItemPicture(trx, itemId, first ? photoUrl(first.hash, first.largest) : generatedPicture(num));
  }
}

/** A photo as the item editor lists it (without its address). */
export function toItemPhoto(r: q.ItemPhotoRow): ItemPhoto {
  return { photoId: r.id, hash: r.hash, alt: r.alt, position: r.position, width: r.width, height: r.height };
}

function toPhoto(r: q.ItemPhotoRow): Photo {
  return { ...toItemPhoto(r), url: photoUrl(r.hash, r.largest) };
}
