import type { Actor } from '../../platform/audit/audit';
import type { Db } from '../queries';

/**
 * A return's photos (decision 0039): the only place that writes `return_photos`. The bytes are
 * one upright JPEG without metadata, made by the caller (catalogue's `uprightJpeg`).
 */

/** How many photos the return has. */
export async function returnPhotoCount(db: Db, returnId: number): Promise<number> {
  const row = await db.selectFrom('return_photos').select((eb) => eb.fn.countAll<number>().as('n')).where('return_id', '=', returnId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores one photo of the return; answers its id. */
export async function insertReturnPhoto(db: Db, returnId: number, photo: { width: number; height: number; bytes: Buffer }): Promise<number> {
  const { id } = await db
    .insertInto('return_photos')
    .values({ return_id: returnId, width: photo.width, height: photo.height, bytes: photo.bytes, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The photos of these returns (without their bytes), by return, oldest first. */
export function photosOfReturns(db: Db, returnIds: readonly number[]) {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('return_photos')
    .select(['id', 'return_id', 'width', 'height'])
    .where('return_id', 'in', [...returnIds])
    .orderBy('return_id')
    .orderBy('id')
    .execute();
}

/**
 * One photo's JPEG, by the return's number and the photo's id; with `customerId`, only when the
 * return is that customer's (another's is undefined, as an unknown one is).
 */
export async function returnPhotoBytes(db: Db, rmaNum: number, photoId: number, customerId?: number): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('return_photos as p')
    .innerJoin('returns as r', 'r.id', 'p.return_id')
    .select('p.bytes')
    .where('r.rma_num', '=', rmaNum)
    .where('p.id', '=', photoId)
    .$if(customerId !== undefined, (q) => q.where('r.customer_id', '=', customerId!))
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

const PHOTOS_ADDED = /^(\d+) photos? added to return (\d+)$/;
/** Photos added within this long of the order's last timeline entry join it ("3 photos added"). */
const JOIN_MS = 15 * 60 * 1000;

export const photosAddedText = (n: number, rmaNum: number) => `${n} ${n === 1 ? 'photo' : 'photos'} added to return ${rmaNum}`;

/**
 * The order's timeline says "N photos added to return R": a buyer picks several photos and each
 * is uploaded on its own, so an upload that follows the same actor's photo entry for the same
 * return (the order's newest entry, less than 15 minutes old) counts into it instead of adding a
 * line per photo. Each photo still has its own audit row. Call it with the return's row locked.
 */
export async function notePhotoAdded(db: Db, orderId: number, rmaNum: number, actor: Actor): Promise<void> {
  const now = new Date();
  const last = await db
    .selectFrom('order_events')
    .select(['id', 'kind', 'detail', 'at', 'actor', 'actor_name'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const m = last?.kind === 'return_photos' ? PHOTOS_ADDED.exec(last.detail) : null;
  const joins =
    last && m && Number(m[2]) === rmaNum && last.actor === actor.display && last.actor_name === (actor.name ?? null) && now.getTime() - Date.parse(last.at) < JOIN_MS;
  if (last && m && joins) {
    await db.updateTable('order_events').set({ detail: photosAddedText(Number(m[1]) + 1, rmaNum), at: now.toISOString() }).where('id', '=', last.id).execute();
    return;
  }
  await db
    .insertInto('order_events')
    .values({ order_id: orderId, at: now.toISOString(), actor: actor.display, actor_name: actor.name ?? null, kind: 'return_photos', detail: photosAddedText(1, rmaNum), public: 1 })
    .execute();
}
